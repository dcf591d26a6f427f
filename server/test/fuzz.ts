/**
 * Property-based check of an endpoint (no 5xx from input, docs/decisions/security.md: Input the database cannot store): malformed bodies and queries get a 4xx, never a 5xx,
 * and a secret (password, code, token: SECRET_FIELDS) sent in the request never comes back in the answer.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { HOSTILE_VALUES } from './hostileValues';
import type { TestClient } from './testClient';

export interface FuzzEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Field names the endpoint knows: the arbitrary bodies use them, so validation gets past the first key. */
  fields?: readonly string[];
}

/** A value that must never come back: passwords, codes and tokens sent in a request carry it. */
export const SECRET_MARKER = 'S3cret-Marker-Never-Echo';

/** Fields whose values must never come back: they carry the marker. Other fields may be echoed (a new name). */
export const SECRET_FIELDS: readonly string[] = ['pwd', 'password', 'otp', 'recoveryOtp', 'token'];

const plain = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
  fc.constant('123456'),
  fc.constant('a@example.com'),
  // The edges found from outside (text Postgres cannot store, numbers past its integer range, ...).
  fc.string({ unit: 'binary' }),
  fc.constantFrom(...HOSTILE_VALUES),
  fc.bigInt().map(String),
);
const secret = fc.oneof(
  fc.constant(SECRET_MARKER),
  fc.string({ maxLength: 40 }).map((s) => `${SECRET_MARKER}${s}`),
  fc.array(fc.constant(SECRET_MARKER), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.constant(SECRET_MARKER), { maxKeys: 3 }),
  plain,
);

const bodyOf = (fields: readonly string[]) =>
  fc.oneof(
    fc.record(
      Object.fromEntries(fields.map((field) => [field, SECRET_FIELDS.includes(field) ? secret : plain])),
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string({ maxLength: 12 }), plain, { maxKeys: 5 }),
    fc.jsonValue().map((json) => JSON.stringify(json)),
    fc.string().map((text) => ({ raw: text })),
  );

/** Runs `runs` malformed requests against the endpoint with the client (signed in or not). */
export const fuzzEndpoint = async (client: TestClient, endpoint: FuzzEndpoint, runs = 40): Promise<void> => {
  const fields = endpoint.fields ?? [];
  await fc.assert(
    fc.asyncProperty(
      bodyOf(fields),
      fc.dictionary(
        fc.constantFrom('token', 'to', ...fields),
        fc.oneof(fc.string(), fc.constant(SECRET_MARKER)),
      ),
      async (body, query) => {
        const options =
          typeof body === 'object' && body !== null && 'raw' in body && typeof body.raw === 'string'
            ? { body: body.raw, headers: { 'content-type': 'application/json' }, query }
            : { json: body, query };
        const response =
          endpoint.method === 'GET'
            ? await client.get(endpoint.path, { query })
            : await client.request(endpoint.method, endpoint.path, options);
        expect(response.status, `${endpoint.method} ${endpoint.path}`).toBeLessThan(500);
        expect(JSON.stringify(response.body) ?? '').not.toContain(SECRET_MARKER);
      },
    ),
    { numRuns: runs },
  );
};

/**
 * Independent generation: requests built from docs/openapi.json's own schemas by json-schema-faker (a generator we
 * did not write, reading the document, not our valibot schemas), valid ones and mutated ones, sent to every
 * operation anonymously and with a demo account's session. Every answer must be below 500, and it must fit the
 * document: the test client checks each one against it (server/openapi/conformance.ts), so a 4xx outside the
 * documented error shapes fails here too.
 */
import { readFileSync } from 'node:fs';
import { eq, like, sql } from 'drizzle-orm';
import { JSONSchemaFaker } from 'json-schema-faker';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS as CONTRACT } from '../../api/contract/operations';
import type { ApiCall } from '../../api/contract/paths';
import { rateLimits, users } from '../db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../seed';
import { signIn } from '../test/fixtures';
import { HOSTILE_VALUES, type Json } from '../test/hostileValues';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';
import { OPENAPI_FILE } from './document';

type JsonSchema = Record<string, unknown>;

interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Array<{ name: string; in: 'query' | 'path'; schema: JsonSchema }>;
  body?: { type: 'json' | 'multipart'; schema: JsonSchema };
}

const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: Operation['parameters'];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

const OPERATIONS: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => {
    const content = operation.requestBody?.content ?? {};
    const json = content['application/json'];
    const multipart = content['multipart/form-data'];
    return {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      ...(json ? { body: { type: 'json' as const, schema: json.schema } } : {}),
      ...(multipart ? { body: { type: 'multipart' as const, schema: multipart.schema } } : {}),
    };
  }),
);

/** Random cases per operation and per caller: with two callers, about 3,000 random cases in all. */
const CASES_PER_OPERATION = Math.ceil(3000 / (2 * OPERATIONS.length));

/** A seeded generator (mulberry32), shared with json-schema-faker: a failing case comes back on every run. */
interface Random {
  next: () => number;
  nextInt: (min: number, max: number) => number;
}
const seeded = (seed: number): Random => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return { next, nextInt: (min, max) => min + Math.floor(next() * (max - min + 1)) };
};
const random = seeded(20261123);

JSONSchemaFaker.option({
  alwaysFakeOptionals: false,
  optionalsProbability: 0.7,
  failOnInvalidTypes: false,
  random: random.next,
});
/** OpenAPI's format for a file part: some bytes (the server decides whether they are an image). */
JSONSchemaFaker.format('binary', () =>
  String.fromCharCode(...Array.from({ length: 16 }, () => random.nextInt(0, 255))),
);

/** One mutation of a valid value: a field replaced by a hostile value, dropped, or the whole body replaced. */
const mutate = (value: Json, random: Random): Json => {
  const pick = <T>(items: readonly T[]): T => items[random.nextInt(0, items.length - 1)] as T;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || random.nextInt(0, 4) === 0)
    return pick(HOSTILE_VALUES);
  const keys = Object.keys(value);
  if (keys.length === 0) return { [pick(['id', 'email', 'pwd', 'token'])]: pick(HOSTILE_VALUES) };
  const key = pick(keys);
  const copy = { ...value };
  const inner = copy[key];
  if (inner !== null && typeof inner === 'object' && random.nextInt(0, 1) === 0)
    copy[key] = mutate(inner, random);
  else if (random.nextInt(0, 3) === 0) delete copy[key];
  else copy[key] = pick(HOSTILE_VALUES);
  return copy;
};

const asText = (value: Json): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A path segment; a lone surrogate (which encodeURIComponent refuses) goes as the invalid UTF-8 bytes it stands for. */
const pathSegment = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
};

interface Case {
  /** What the request was made from, so that an accepted request can carry the hostile values later. */
  values: Values;
  path: string;
  query: Record<string, string>;
  body?: BodyInit;
  json?: Json;
}

/** What a request is made of, before it is encoded: a value per parameter, and the body. */
interface Values {
  parameters: Record<string, Json>;
  body?: Json;
}

const generated = (operation: Operation): Values => ({
  parameters: Object.fromEntries(
    operation.parameters.map((parameter) => [
      parameter.name,
      JSONSchemaFaker.generate(parameter.schema as never) as Json,
    ]),
  ),
  ...(operation.body ? { body: JSONSchemaFaker.generate(operation.body.schema as never) as Json } : {}),
});

const encoded = (operation: Operation, values: Values): Case => {
  let path = operation.path;
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const text = asText(values.parameters[parameter.name] ?? null);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, pathSegment(text));
    else query[parameter.name] = text;
  }
  if (!operation.body || values.body === undefined) return { values, path, query };
  if (operation.body.type === 'json') return { values, path, query, json: values.body };
  const form = new FormData();
  const body = values.body;
  if (isObject(body))
    for (const [name, field] of Object.entries(body)) form.set(name, new Blob([asText(field)]), 'upload.bin');
  return { values, path, query, body: form };
};

/** Random cases: generated values, every other one with one mutation (of a parameter or of the body). */
function* randomCases(operation: Operation): Generator<Case> {
  for (let index = 0; index < CASES_PER_OPERATION; index += 1) {
    const values = generated(operation);
    if (index % 2 === 1) {
      const names = Object.keys(values.parameters);
      const name = names[random.nextInt(0, names.length)];
      if (name !== undefined) values.parameters[name] = mutate(values.parameters[name] ?? null, random);
      else if (values.body !== undefined) values.body = mutate(values.body, random);
    }
    yield encoded(operation, values);
  }
}

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The paths of every field of a body, nested ones included (location.city), as key lists. */
const fieldPaths = (value: Json, prefix: string[] = []): string[][] =>
  isObject(value)
    ? Object.entries(value).flatMap(([key, inner]) => [
        [...prefix, key],
        ...fieldPaths(inner, [...prefix, key]),
      ])
    : [];

const replacedAt = (value: Json, [key, ...rest]: string[], replacement: Json): Json => {
  if (key === undefined || !isObject(value)) return replacement;
  return {
    ...value,
    [key]: rest.length === 0 ? replacement : replacedAt(value[key] ?? null, rest, replacement),
  };
};

/**
 * The request a hostile value is put into, when no random case of the operation was accepted by the server:
 * generated with every optional field (so each one gets every hostile value), and one the contract accepts where
 * the generator finds one in a few tries.
 */
const validBase = (operation: Operation): Values => {
  const bodySchema = CONTRACT[operation.operationId as ApiCall]?.body?.schema;
  JSONSchemaFaker.option({ alwaysFakeOptionals: true });
  let base = generated(operation);
  for (let tries = 0; bodySchema && tries < 200 && !v.is(bodySchema, base.body); tries += 1)
    base = generated(operation);
  JSONSchemaFaker.option({ alwaysFakeOptionals: false });
  return base;
};

/**
 * Every hostile value in every parameter, in every body field (nested ones too), and as the whole body: the
 * edges are not left to chance. The base is a request the server accepted where there is one, so the hostile
 * value reaches the code behind validation (a lone surrogate in location.city reached the database that way).
 */
function* hostileCases(operation: Operation, base: Values): Generator<Case> {
  for (const hostile of HOSTILE_VALUES) {
    for (const name of Object.keys(base.parameters))
      yield encoded(operation, { ...base, parameters: { ...base.parameters, [name]: hostile } });
    if (base.body === undefined) continue;
    yield encoded(operation, { ...base, body: hostile });
    for (const path of fieldPaths(base.body))
      yield encoded(operation, { ...base, body: replacedAt(base.body, path, hostile) });
  }
}

let t: TestApp;
let anonymous: TestClient;
let demo: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { config: t.config, clock: t.clock });
  anonymous = t.client();
  demo = t.client();
  const [row] = await t.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, DEMO_EMAIL));
  demoPasswordHash = row?.hash ?? '';
  await signIn(demo, 'curator@example.com', DEMO_PASSWORD);
});
afterAll(() => t.close());

const DEMO_EMAIL = 'curator@example.com';
const restoreDemoAccount = async () => {
  await t.db
    .update(users)
    .set({ passwordHash: demoPasswordHash, failedAttempts: 0, failedWindowStart: null, lockedUntil: null })
    .where(eq(sql`lower(${users.email})`, DEMO_EMAIL));
  await t.db.delete(rateLimits).where(like(rateLimits.key, 'lockout-%'));
};
let demoPasswordHash = '';

describe('cases generated from docs/openapi.json', () => {
  it('every operation, anonymous and signed in, random and hostile cases: no 5xx, every answer as documented', async () => {
    let sent = 0;
    let reachedBehindValidation = 0;
    const failures: string[] = [];
    for (const operation of OPERATIONS) {
      for (const [caller, client] of [
        ['anonymous', anonymous],
        ['demo session', demo],
      ] as const) {
        let accepted: Values | undefined;
        const send = async (generated: Case) => {
          // An anonymous caller stays anonymous: a generated login or sign-up may have given it a session.
          if (caller === 'anonymous') client.cookies.clear();
          const label = `${caller} ${operation.method} ${generated.path} ${JSON.stringify(generated.json ?? null).slice(0, 200)}`;
          sent += 1;
          try {
            const answer = await client.request(operation.method, generated.path, {
              query: generated.query,
              ...(generated.json !== undefined ? { json: generated.json } : {}),
              ...(generated.body !== undefined ? { body: generated.body } : {}),
            });
            if (answer.status >= 500) failures.push(`${answer.status} ${label}`);
            if (answer.status < 300) accepted = generated.values;
          } catch (error) {
            failures.push(`${label}: ${(error as Error).message.slice(0, 400)}`);
          }
        };
        for (const generated of randomCases(operation)) await send(generated);
        const base = accepted ?? validBase(operation);
        if (accepted) reachedBehindValidation += 1;
        for (const generated of hostileCases(operation, base)) await send(generated);
        // The demo session must survive the run (a generated logout would end it): sign in again. A generated
        // step-up may have locked the account and a generated new password replaced DEMO_PASSWORD: undone first.
        if (caller === 'demo session') {
          await restoreDemoAccount();
          await signIn(demo, 'curator@example.com', DEMO_PASSWORD);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(3000);
    // A quarter of the (operation, caller) pairs had a generated request accepted (the rest need a token, a code
    // or a session no generator can guess): their hostile values went past validation to the code behind it.
    expect(reachedBehindValidation).toBeGreaterThanOrEqual(12);
  }, 600_000);
});

/**
 * No 5xx from input: malformed requests to EVERY endpoint of API_PATHS get a 4xx (or a 2xx when they happen to
 * be valid), never a 5xx, and no answer echoes the password sent.
 *
 * server/fuzz.test.ts throws junk at the auth/profile/two-factor endpoints; this one walks all of API_PATHS
 * (a Record over ApiCall, so a new call does not compile until it is listed here) and starts from a valid body
 * per call with a random part of it replaced by junk, so requests reach past validation into the database
 * (unique violations, unknown tokens, ownership checks). Each endpoint is hit anonymously, signed in, and
 * signed in as staff.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type ApiCall } from '../api/contract/paths';
import { signedInUser } from './test/fixtures';
import { createTestApp, type TestApp, type TestClient } from './test/testApp';

/** Every password sent carries this; it must never come back. */
const PASSWORD_MARKER = 'Pa55word-Never-Echoed';
const RUNS = 20;

const password = fc.string({ maxLength: 30 }).map((tail) => `${PASSWORD_MARKER}${tail}`);
const junk = fc.oneof(
  fc.string(),
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constant('   '),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
  fc.constant('123456'),
  fc.constant('x'.repeat(5000)),
);
const email = fc.oneof(fc.emailAddress(), fc.constant('racer@example.com'));
const subdomain = fc.oneof(fc.stringMatching(/^[a-z0-9_ -]{0,30}$/), fc.constant('welcome'), fc.string());

/** A valid-looking body per call: the starting point the junk is mixed into. */
const VALID: Record<ApiCall, fc.Arbitrary<Record<string, unknown>>> = {
  login: fc.record({ email, pwd: password, otp: fc.constant('123456'), recoveryOtp: fc.constant('ABC123') }),
  logout: fc.constant({}),
  forgotPassword: fc.record({ email, generateMagicLink: fc.boolean() }),
  checkResetToken: fc.record({ token: fc.string() }),
  setNewPassword: fc.record({ pwd: password }),
  exchangeMagicLink: fc.record({ token: fc.string() }),
  getTwoFactorSecret: fc.constant({}),
  enableTwoFactor: fc.record({ otp: fc.stringMatching(/^\d{6}$/) }),
  getRecoveryCodeCount: fc.constant({}),
  regenerateRecoveryCodes: fc.constant({}),
  getMe: fc.constant({}),
  resendConfirmation: fc.constant({}),
  saveProfile: fc.record({
    screenName: fc.constantFrom('Ada Lovelace', 'Bo'),
    phone: fc.constantFrom('+49 170 1234567', ''),
    position: fc.string({ maxLength: 40 }),
    department: fc.string({ maxLength: 40 }),
    bio: fc.string({ maxLength: 40 }),
    imageId: fc.constant(null),
    links: fc.constant({
      facebook: '',
      instagram: '',
      youtube: '',
      linkedin: 'https://linkedin.com/in/ada',
      tiktok: '',
      twitter: '',
      snapchat: '',
    }),
    location: fc.constant({ text: 'London', city: 'London', state: '', country: 'UK' }),
  }),
  getChannels: fc.constant({}),
  createChannel: fc.record({ name: fc.string({ maxLength: 30 }), subdomain }),
  getOrganisations: fc.constant({}),
  createOrganisation: fc.record({ name: fc.string({ maxLength: 30 }), subdomain }),
  checkInvite: fc.record({ token: fc.string() }),
  registerCurator: fc.record({
    email,
    pwd: password,
    screenName: fc.string({ maxLength: 170 }),
    channelName: fc.string({ maxLength: 30 }),
    subdomain,
  }),
  registerInvite: fc.record({
    token: fc.string(),
    email,
    pwd: password,
    screenName: fc.string(),
    otp: fc.oneof(fc.integer({ min: -1, max: 1_000_000 }), fc.stringMatching(/^\d{6}$/)),
  }),
  checkCompanyId: fc.record({
    step: fc.constantFrom('organisationSubdomain', 'companyId', 'all', 'other'),
    organisationSubdomain: fc.constantFrom('lit', 'papier_union', 'nowhere', ''),
    companyId: fc.string({ maxLength: 25 }),
    lastName: fc.string({ maxLength: 10 }),
    email,
  }),
  checkCompanyPage: fc.record({
    organisationSubdomain: fc.constantFrom('lit', 'unicef_for_every_child', 'papier_union'),
    userCompanyId: fc.string({ maxLength: 25 }),
    userLastName: fc.string({ maxLength: 10 }),
  }),
  registerCompanyPage: fc.record({
    organisationSubdomain: fc.constantFrom('lit', 'unicef_for_every_child'),
    userCompanyId: fc.string({ maxLength: 25 }),
    userLastName: fc.string({ maxLength: 10 }),
    email,
  }),
  confirmEmail: fc.record({ token: fc.string() }),
  getTranslation: fc.record({ locale: fc.constantFrom('de-DE', 'en-US', 'xx', '') }),
  getUploadSignature: fc.record({
    type: fc.constantFrom('profile', 'cover'),
    template: fc.constantFrom('profile', 'profile-file', 'x'),
    url: fc.oneof(fc.webUrl(), fc.string()),
  }),
  uploadImage: fc.record({
    params: fc.oneof(fc.json(), fc.string()),
    signature: fc.string(),
    file: fc.string(),
  }),
  createImageRecord: fc.record({
    assembly_id: fc.string(),
    url: fc.webUrl(),
    type: fc.constantFrom('profile', 'x'),
  }),
  deleteImage: fc.record({ id: fc.oneof(fc.integer().map(String), fc.string({ minLength: 1 })) }),
};

/** The valid body with any of its fields dropped or replaced by junk, or something else entirely. */
const bodyFor = (call: ApiCall) =>
  fc.oneof(
    fc
      .tuple(
        VALID[call],
        fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 3 }),
        fc.array(fc.nat()),
      )
      .map(([valid, extra, picks]) => {
        const keys = Object.keys(valid);
        const body: Record<string, unknown> = { ...valid };
        for (const choice of picks) {
          const key = keys[choice % Math.max(keys.length, 1)];
          if (key === undefined) continue;
          if (choice % 3 === 0) delete body[key];
          else body[key] = choice % 3 === 1 ? null : `${text(body[key])}\u0000${choice}`;
        }
        // Half of them also carry keys nobody asked for.
        return picks.length % 2 === 0 ? { ...extra, ...body } : body;
      }),
    VALID[call],
    junk,
    fc.string().map((raw) => ({ raw })),
  );
/** Any value as text (junk includes objects without a prototype, which String() cannot convert). */
const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

interface Who {
  label: string;
  client: () => Promise<TestClient>;
}

let t: TestApp;
let who: Who[];
beforeAll(async () => {
  t = await createTestApp();
  who = [
    { label: 'anonymous', client: async () => t.client() },
    { label: 'signed in', client: async () => (await signedInUser(t)).client },
    { label: 'staff', client: async () => (await signedInUser(t, { isStaff: true })).client },
  ];
});
afterAll(() => t.close());

const send = async (client: TestClient, call: ApiCall, body: unknown) => {
  const { method, path } = API_PATHS[call];
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const id = 'id' in fields ? text((fields as { id: unknown }).id) : '1';
  const url = path.replace(':id', encodeURIComponent(id));
  if (method === 'GET') {
    const query = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, text(value)]));
    return client.get(url, { query });
  }
  if (call === 'uploadImage' && 'params' in fields) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, text(value));
    return client.request(method, url, { body: form });
  }
  if ('raw' in fields && typeof fields.raw === 'string') {
    return client.request(method, url, { body: fields.raw, headers: { 'content-type': 'application/json' } });
  }
  return client.request(method, url, { json: body });
};

describe('every endpoint of API_PATHS: 4xx or 2xx, never 5xx, never the password', () => {
  // Postgres text cannot hold U+0000 (nor can PGlite): each field of a valid body gets one, deterministically.
  it.each(Object.keys(API_PATHS) as ApiCall[])('%s with a NUL in each field', async (call) => {
    const [sample] = fc.sample(VALID[call], { numRuns: 1, seed: 7 });
    for (const { label, client } of who) {
      const session = await client();
      for (const key of Object.keys(sample ?? {})) {
        const body = { ...sample, [key]: `a\u0000${text(sample?.[key])}` };
        const response = await send(session, call, body);
        expect(response.status, `${label} ${call} ${key} -> ${JSON.stringify(response.body)}`).toBeLessThan(
          500,
        );
      }
    }
  });

  it.each(Object.keys(API_PATHS) as ApiCall[])('%s', async (call) => {
    for (const { label, client } of who) {
      const session = await client();
      await fc.assert(
        fc.asyncProperty(bodyFor(call), async (body) => {
          const response = await send(session, call, body);
          const text = JSON.stringify(response.body) ?? '';
          expect(response.status, `${label} ${call} ${JSON.stringify(body)} -> ${text}`).toBeLessThan(500);
          expect(response.status).toBeGreaterThanOrEqual(200);
          expect(text, `${label} ${call}`).not.toContain(PASSWORD_MARKER);
          expect(response.headers.get('set-cookie') ?? '').not.toContain(PASSWORD_MARKER);
        }),
        { numRuns: RUNS },
      );
    }
  }, 120_000);
});

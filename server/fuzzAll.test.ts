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
/**
 * Random bodies per operation and caller in a run: 10 in CI (each run draws new ones, so the cases add up over runs),
 * more with FUZZ_RUNS (e.g. FUZZ_RUNS=200 before a release). The hostile edge values above are sent every run.
 */
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 10);

/**
 * Values at the edges of JSON and of Postgres types, found from outside: text Postgres cannot store (NUL, lone
 * UTF-16 surrogates), numbers past int4/int8 and float8 or not integers, numbers as text, and empty containers.
 */
const EDGES: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udfffb',
  '\udc00\ud800',
  '\ufeff',
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  -0,
  0.5,
  '2147483648',
  '99999999999999999999',
  '-1',
  '1e400',
  'NaN',
  '',
  [],
  {},
  [null],
  { '\ud800': '\ud800' },
];

/** Raw JSON texts JSON.stringify never writes: escaped lone surrogates, numbers that overflow, deep nesting. */
const RAW_EDGES: readonly string[] = [
  '{"a":"\\ud800"}',
  '{"email":"\\udfff@example.com","pwd":"\\ud800"}',
  '{"id":1e400,"imageId":1e400}',
  '{"imageId":-1e400}',
  '{"a":1,"a":2}',
  '\ufeff{}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  '"\\ud800"',
  '1e400',
];

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
  // The edges of JSON and of Postgres types (EDGES below), also inside random text.
  fc.constantFrom(...EDGES),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const email = fc.oneof(fc.emailAddress(), fc.constant('racer@example.com'));
const subdomain = fc.oneof(fc.stringMatching(/^[a-z0-9_ -]{0,30}$/), fc.constant('welcome'), fc.string());

const base64url = fc.oneof(
  fc.base64String().map((text) => text.replace(/[+/=]/g, '')),
  fc.string(),
);
/** WebAuthn ceremony answers in their JSON shape, with made-up contents: refused, never a 5xx. */
const registrationResponse = fc.record({
  id: base64url,
  rawId: base64url,
  type: fc.constant('public-key'),
  response: fc.record({ clientDataJSON: base64url, attestationObject: base64url }),
  clientExtensionResults: fc.constant({}),
});
const authenticationResponse = fc.record({
  id: base64url,
  rawId: base64url,
  type: fc.constant('public-key'),
  response: fc.record({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url }),
  clientExtensionResults: fc.constant({}),
});

/** A valid-looking body per call: the starting point the junk is mixed into. */
const VALID: Record<ApiCall, fc.Arbitrary<Record<string, unknown>>> = {
  login: fc.record({
    email,
    pwd: password,
    otp: fc.constant('123456'),
    recoveryOtp: fc.constant('ABC123'),
    rememberDevice: fc.boolean(),
  }),
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
  stepUp: fc.record({ pwd: password, otp: fc.stringMatching(/^\d{6}$/) }),
  changePassword: fc.record({ pwd: password }),
  changeEmail: fc.record({ email }),
  confirmEmailChange: fc.record({ token: fc.string() }),
  undoEmailChange: fc.record({ token: fc.string() }),
  getSessions: fc.constant({}),
  endSession: fc.record({ id: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), fc.string({ minLength: 1 })) }),
  endOtherSessions: fc.constant({}),
  getRememberedDevices: fc.constant({}),
  exportAccountData: fc.constant({}),
  getSecurityActivity: fc.record({
    page: fc.oneof(fc.integer({ min: -5, max: 2000 }).map(String), fc.string()),
  }),
  forgetRememberedDevice: fc.record({
    id: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), fc.string({ minLength: 1 })),
  }),
  deleteAccount: fc.record({ confirmation: fc.oneof(email, fc.string()) }),
  passkeyRegistrationOptions: fc.constant({}),
  addPasskey: fc.record({ name: fc.string({ maxLength: 70 }), credential: registrationResponse }),
  getPasskeys: fc.constant({}),
  renamePasskey: fc.record({
    id: fc.oneof(fc.stringMatching(/^[1-9]\d{0,9}$/), fc.string({ minLength: 1 })),
    name: fc.string({ maxLength: 70 }),
  }),
  removePasskey: fc.record({
    id: fc.oneof(fc.stringMatching(/^[1-9]\d{0,9}$/), fc.string({ minLength: 1 })),
  }),
  passkeyLoginOptions: fc.constant({}),
  passkeyLogin: fc.record({ credential: authenticationResponse }),
  passkeyStepUpOptions: fc.constant({}),
  passkeyStepUp: fc.record({ credential: authenticationResponse }),
  getRecoveryReview: fc.record({ token: fc.string() }),
  keepRecoveryPasskey: fc.record({ token: fc.string(), id: fc.oneof(fc.integer(), fc.string()) }),
  removeRecoveryPasskey: fc.record({ token: fc.string(), id: fc.oneof(fc.integer(), fc.string()) }),
  removeRecoveryAuthenticator: fc.record({ token: fc.string() }),
  finishRecoveryReview: fc.record({ token: fc.string() }),
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
  getOrganisationBrand: fc.record({
    subdomain: fc.oneof(fc.constantFrom('lit', 'LIT', 'welcome', 'nobody'), fc.string({ minLength: 1 })),
  }),
  createInvitation: fc.record({
    channelId: fc.oneof(
      fc.integer({ min: 1, max: 5 }),
      fc.constantFrom('1', '2147483648', '-1'),
      fc.string(),
    ),
    email,
    role: fc.constantFrom('reader', 'editor-limited', 'editor', 'admin', 'owner', 'staff-access', ''),
    screenName: fc.string({ maxLength: 170 }),
  }),
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

/**
 * A path segment as raw bytes on the wire: encodeURIComponent refuses a lone surrogate, so that one is sent the way
 * an attacker's client can send it, as its three WTF-8 bytes (%ED%A0%80), which are not UTF-8.
 */
const pathSegment = (id: string): string =>
  Array.from(id, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
    const byte = (value: number) => `%${value.toString(16).toUpperCase()}`;
    return `%ED${byte(0x80 | ((unit >> 6) & 0x3f))}${byte(0x80 | (unit & 0x3f))}`;
  }).join('');

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
  const url = path.replace(':id', pathSegment(id));
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

  // Every edge in every field of a valid body, nested fields (location.city, links.facebook) too, and raw texts.
  it.each(
    Object.keys(API_PATHS) as ApiCall[],
  )('%s with every JSON and Postgres edge in each field', async (call) => {
    const [sample = {}] = fc.sample(VALID[call], { numRuns: 1, seed: 7 });
    const bodies: unknown[] = RAW_EDGES.map((raw) => ({ raw }));
    for (const [key, value] of Object.entries(sample)) {
      for (const edge of EDGES) {
        bodies.push({ ...sample, [key]: edge });
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          for (const inner of Object.keys(value))
            bodies.push({ ...sample, [key]: { ...value, [inner]: edge } });
        }
      }
    }
    const { method, path } = API_PATHS[call];
    // Query values and path segments that are not UTF-8 once decoded (a lone surrogate's bytes, a stray byte, a
    // bare percent sign): sent as raw URLs, which a browser never writes but a script can.
    const rawUrls = ['%ED%A0%80', '%FF', '%', '%00', '%u0041'].flatMap((bad) => [
      `${path.replace(':id', bad)}?${Object.keys(sample)
        .map((key) => `${key}=${bad}`)
        .join('&')}`,
      `${path.replace(':id', '1')}?token=${bad}&to=${bad}`,
    ]);
    for (const { label, client } of who) {
      const session = await client();
      for (const url of rawUrls) {
        const response = await session.request(method, url, method === 'GET' ? {} : { json: sample });
        expect(response.status, `${label} ${method} ${url} -> ${JSON.stringify(response.body)}`).toBeLessThan(
          500,
        );
      }
      for (const body of bodies) {
        const response = await send(session, call, body);
        expect(
          response.status,
          `${label} ${call} ${JSON.stringify(body).slice(0, 200)} -> ${JSON.stringify(response.body)}`,
        ).toBeLessThan(500);
      }
    }
  }, 120_000);

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

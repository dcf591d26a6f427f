/**
 * Login outcomes are classified in one place, the sign-in's route (server/ops/loginOutcome.ts): each answer it gives
 * is counted under its method and the outcome the route reported for it, once, and none falls to 'other'; a login the
 * route never reached is counted as rate-limited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { createUser, currentCode, DEFAULT_PASSWORD } from '../test/fixtures';
import { metricValue } from '../test/metrics';
import { userWithPasskey } from '../test/passkeyFixtures';
import type { SoftAuthenticator } from '../test/softAuthenticator';
import { createTestApp, type TestApp } from '../test/testApp';
import { LOGIN_METHODS, LOGIN_OUTCOMES } from './metrics';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

/** Every series of the metric, by `method outcome`. */
const counts = async (): Promise<Record<string, number>> =>
  Object.fromEntries(
    await Promise.all(
      LOGIN_METHODS.flatMap((method) =>
        LOGIN_OUTCOMES.map(async (outcome) => [
          `${method} ${outcome}`,
          await metricValue('account_logins_total', { method, outcome }),
        ]),
      ),
    ),
  );

/** The series one call added to (`method outcome`, once for each count), with its answer's status. */
const counted = async (call: () => Promise<{ status: number }>) => {
  const before = await counts();
  const answer = await call();
  const after = await counts();
  const added = Object.keys(after).flatMap((series) =>
    Array.from({ length: (after[series] ?? 0) - (before[series] ?? 0) }, () => series),
  );
  return { status: answer.status, added };
};

/** The outcomes one password login call added, with its answer's status. */
const loginCounted = async (body: Record<string, unknown>) => {
  const { status, added } = await counted(() => t.client().post(API_PATHS.login.path, body));
  return { status, added: added.map((series) => series.replace(/^password /, '')) };
};

describe('login outcomes', () => {
  it('counts each answer of the route once, under the outcome the route reported', async () => {
    const plain = await createUser(t.db, {}, t.clock.now());
    const withCode = await createUser(t.db, { totpSecret: true }, t.clock.now());
    const secret = withCode.totpSecret as string;

    expect(await loginCounted({ email: plain.email, pwd: DEFAULT_PASSWORD })).toEqual({
      status: 200,
      added: ['success'],
    });
    expect(await loginCounted({ email: plain.email, pwd: 'not the password' })).toEqual({
      status: 401,
      added: ['wrong_credentials'],
    });
    expect((await loginCounted({ email: withCode.email, pwd: DEFAULT_PASSWORD })).added).toEqual([
      'code_required',
    ]);
    const wrongCode = String((Number(currentCode(t, secret)) + 500_000) % 1_000_000).padStart(6, '0');
    expect(
      (await loginCounted({ email: withCode.email, pwd: DEFAULT_PASSWORD, otp: wrongCode })).added,
    ).toEqual(['wrong_code']);
    expect(
      (await loginCounted({ email: withCode.email, pwd: DEFAULT_PASSWORD, otp: currentCode(t, secret) }))
        .added,
    ).toEqual(['success']);

    // Wrong passwords until the route answers with a lock: every one counted, the last as locked.
    const seen: string[] = [];
    for (let attempt = 0; attempt < t.config.lockout.maxFailuresPerAddress + 1; attempt += 1) {
      const { added } = await loginCounted({ email: plain.email, pwd: `wrong ${attempt}` });
      expect(added).toHaveLength(1);
      seen.push(...added);
      if (added[0] === 'locked') break;
    }
    expect(seen.at(-1)).toBe('locked');
    expect(new Set(seen)).toEqual(new Set(['wrong_credentials', 'locked']));

    // The limiter in front of the route: never reached, counted as rate-limited.
    let limited: Awaited<ReturnType<typeof loginCounted>> | undefined;
    for (let attempt = 0; attempt < 30 && limited?.status !== 429; attempt += 1)
      limited = await loginCounted({ email: plain.email, pwd: 'whatever' });
    expect(limited).toEqual({ status: 429, added: ['rate_limited'] });
  }, 60_000);

  it('a malformed body never reaches a check: other', async () => {
    expect(await loginCounted({ email: 'x@example.com' })).toEqual({ status: 400, added: ['other'] });
  });
});

describe('passkey sign-in outcomes', () => {
  /** One passkey sign-in: the options, then the authenticator's answer (its knobs change what it signs). */
  const passkeySignIn = async (authenticator: SoftAuthenticator, knobs: { userVerified?: boolean } = {}) => {
    const client = t.client();
    const options = await client.post<{ options: Parameters<SoftAuthenticator['get']>[0] }>(
      API_PATHS.passkeyLoginOptions.path,
      {},
    );
    return client.post(API_PATHS.passkeyLogin.path, {
      credential: authenticator.get(options.body.options, knobs),
    });
  };

  it('counts each answer under the passkey method: success, a refused assertion, a lock', async () => {
    const { authenticator } = await userWithPasskey(t);
    expect(await counted(() => passkeySignIn(authenticator))).toEqual({
      status: 200,
      added: ['passkey success'],
    });
    const refusals: string[] = [];
    for (let attempt = 0; attempt < t.config.lockout.maxFailuresPerAddress + 1; attempt += 1) {
      const { added } = await counted(() => passkeySignIn(authenticator, { userVerified: false }));
      expect(added).toHaveLength(1);
      refusals.push(...added);
      if (added[0] === 'passkey locked') break;
    }
    expect(refusals.at(-1)).toBe('passkey locked');
    expect(new Set(refusals)).toEqual(new Set(['passkey wrong_credentials', 'passkey locked']));
  }, 60_000);

  it('a malformed body never reaches a check: other', async () => {
    expect(await counted(() => t.client().post(API_PATHS.passkeyLogin.path, { credential: 'no' }))).toEqual({
      status: 400,
      added: ['passkey other'],
    });
  });
});

describe('magic link sign-in outcomes', () => {
  it('counts each exchange under the magic_link method: success, then the used link, then a malformed body', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    const asked = await t.client().post(API_PATHS.forgotPassword.path, {
      email: user.email,
      generateMagicLink: true,
    });
    expect(asked.status).toBe(200);
    const token = new URL(await t.lastLink(user.email)).searchParams.get('magicLinkToken');
    const exchange = (body: unknown) => () => t.client().post(API_PATHS.exchangeMagicLink.path, body);
    expect(await counted(exchange({ token }))).toEqual({ status: 200, added: ['magic_link success'] });
    expect(await counted(exchange({ token }))).toEqual({
      status: 400,
      added: ['magic_link wrong_credentials'],
    });
    expect(await counted(exchange({}))).toEqual({ status: 400, added: ['magic_link other'] });
  });
});

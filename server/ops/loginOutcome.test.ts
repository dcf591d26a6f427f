/**
 * Login outcomes are classified in one place, the login route (server/ops/loginOutcome.ts): each answer it gives is
 * counted under the outcome the route reported for it, once, and none falls to 'other'; a login the route never
 * reached is counted as rate-limited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { createUser, currentCode, DEFAULT_PASSWORD } from '../test/fixtures';
import { metricValue } from '../test/metrics';
import { createTestApp, type TestApp } from '../test/testApp';
import { LOGIN_OUTCOMES } from './metrics';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const counts = async (): Promise<Record<string, number>> =>
  Object.fromEntries(
    await Promise.all(
      LOGIN_OUTCOMES.map(async (outcome) => [
        outcome,
        await metricValue('account_logins_total', { outcome }),
      ]),
    ),
  );

/** The outcomes one login call added to the metric, with its answer's status. */
const loginCounted = async (body: Record<string, unknown>) => {
  const before = await counts();
  const answer = await t.client().post(API_PATHS.login.path, body);
  const after = await counts();
  const added = LOGIN_OUTCOMES.flatMap((outcome) =>
    Array.from({ length: (after[outcome] ?? 0) - (before[outcome] ?? 0) }, () => outcome),
  );
  return { status: answer.status, added };
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

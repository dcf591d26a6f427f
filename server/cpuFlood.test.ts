/**
 * Floods of the calls that can burn CPU (an argon2 hash or verification) from one address: the work they cause is
 * bounded by that address's rate limit, however many are sent at once, so a flood cannot slow other people's
 * logins (docs/decisions/security.md: Rate limits). Every argon2 call is counted here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { DEFAULT_RATE_LIMITS } from './rateLimit';
import { createUser } from './test/fixtures';
import { createTestApp, type TestApp } from './test/testApp';
import { issueToken } from './tokens';

const argon2 = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./security/passwords', async (original) => {
  const real = await original<typeof import('./security/passwords')>();
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A) => {
      argon2.calls += 1;
      return run(...args);
    };
  return {
    ...real,
    hashPassword: counted(real.hashPassword),
    verifyPassword: counted(real.verifyPassword),
    burnPasswordCheck: counted(real.burnPasswordCheck),
  };
});

const FLOOD = 64;
const from = { headers: { 'x-forwarded-for': '192.0.2.66' } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS, trustProxy: true } });
});
beforeEach(async () => {
  await t.reset();
  argon2.calls = 0;
});
afterAll(() => t.close());

const flood = async (send: (index: number) => Promise<{ status: number }>) => {
  const answers = await Promise.all(Array.from({ length: FLOOD }, (_, index) => send(index)));
  expect(answers.filter(({ status }) => status >= 500)).toEqual([]);
  return answers.filter(({ status }) => status === 429).length;
};

describe(`a ${FLOOD}-way flood from one address`, () => {
  it('of logins (unknown and known e-mails) runs no more argon2 than the login limit', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    argon2.calls = 0; // the fixture hashed its password
    const limited = await flood((index) =>
      t
        .client()
        .post(
          API_PATHS.login.path,
          { email: index % 2 ? email : `nobody${index}@example.com`, pwd: 'x' },
          from,
        ),
    );
    expect(argon2.calls).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.login.max);
    expect(limited).toBe(FLOOD - DEFAULT_RATE_LIMITS.login.max);
  });

  it('of new passwords with a bogus token runs no argon2 at all', async () => {
    await flood((index) =>
      t
        .client()
        .post(
          API_PATHS.setNewPassword.path,
          { pwd: 'a-new-password' },
          { ...from, query: { token: `bogus-${index}` } },
        ),
    );
    expect(argon2.calls).toBe(0);
  });

  it('of new passwords with one real token runs no more argon2 than the reset limit, and sets it once', async () => {
    const { user } = await createUser(t.db, {}, t.clock.now());
    const token = await issueToken(t.deps, { userId: user.id, kind: 'reset' });
    argon2.calls = 0; // the fixture hashed its password
    const answers: number[] = [];
    await flood(async (index) => {
      const answer = await t
        .client()
        .post(
          API_PATHS.setNewPassword.path,
          { pwd: `a-new-password-${index}` },
          { ...from, query: { token } },
        );
      answers.push(answer.status);
      return answer;
    });
    expect(argon2.calls).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.passwordReset.max);
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
  });
});

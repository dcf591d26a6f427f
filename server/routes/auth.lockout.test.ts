/**
 * The lockout counted where it matters: how many password checks actually RUN (docs/decisions/security.md: Lockout), not
 * only what the answers say. Every argon2 verification is counted here, so parallel logins that slipped past the
 * count would show up as more than 10 failed verifications from one address, or 50 from many, in an hour.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { DEFAULT_LOCKOUT } from '../config';
import { sessions } from '../db/schema';
import { createUser, DEFAULT_PASSWORD } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const checks = vi.hoisted(() => ({ passed: 0, failed: 0, steps: [] as string[] }));
vi.mock('../security/passwords', async (original) => {
  const real = await original<typeof import('../security/passwords')>();
  return {
    ...real,
    verifyPassword: async (passwordHash: string, password: string) => {
      checks.steps.push('hash');
      const right = await real.verifyPassword(passwordHash, password);
      if (right) checks.passed += 1;
      else checks.failed += 1;
      return right;
    },
    burnPasswordCheck: async (password: string) => {
      checks.steps.push('hash');
      await real.burnPasswordCheck(password);
    },
  };
});
vi.mock('../security/lockout', async (original) => {
  const real = await original<typeof import('../security/lockout')>();
  return {
    ...real,
    reserveCheck: (...args: Parameters<typeof real.reserveCheck>) => {
      checks.steps.push('reserve');
      return real.reserveCheck(...args);
    },
    // The login counts its password check, for the address and the account, within the statement that finds it.
    reserveLoginCheck: (...args: Parameters<typeof real.reserveLoginCheck>) => {
      checks.steps.push('reserve');
      return real.reserveLoginCheck(...args);
    },
    lockIfSpent: (...args: Parameters<typeof real.lockIfSpent>) => {
      checks.steps.push('lock');
      return real.lockIfSpent(...args);
    },
    lockUnknownIfSpent: (...args: Parameters<typeof real.lockUnknownIfSpent>) => {
      checks.steps.push('lock');
      return real.lockUnknownIfSpent(...args);
    },
  };
});
vi.mock('../security/addressLockout', async (original) => {
  const real = await original<typeof import('../security/addressLockout')>();
  return {
    ...real,
    reserveAddressCheck: (...args: Parameters<typeof real.reserveAddressCheck>) => {
      checks.steps.push('reserve address');
      return real.reserveAddressCheck(...args);
    },
  };
});

const LOGIN = API_PATHS.login.path;
const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  // Addresses from X-Forwarded-For, as behind a proxy; without the header every client is one address.
  t = await createTestApp({ config: { trustProxy: true } });
});
beforeEach(async () => {
  await t.reset();
  checks.passed = 0;
  checks.failed = 0;
  checks.steps = [];
});
afterAll(() => t.close());

const sessionsOf = async (userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('lockout under concurrency, counted at the password check', () => {
  it('100 parallel logins (99 wrong, the right one at 80) run at most 10 failed checks', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        const client = t.client();
        const pwd = index === 79 ? DEFAULT_PASSWORD : `wrong password ${index}`;
        return client.post(LOGIN, { email: user.email, pwd }).then((response) => ({ response, client }));
      }),
    );
    expect(checks.failed).toBeLessThanOrEqual(10);
    // The right password makes a session only when its check ran (it was among the hour's checks).
    const right = answers[79]!;
    expect(right.client.cookies.has('session')).toBe(checks.passed === 1);
    expect(await sessionsOf(user.user.id)).toBe(checks.passed);
    expect(answers.filter(({ response }) => response.status >= 500)).toEqual([]);
  });

  it('waves of parallel wrong passwords within the hour never run more than 10 checks in all', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    for (let wave = 0; wave < 4; wave += 1) {
      await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          t.client().post(LOGIN, { email: user.email, pwd: `wrong ${wave}-${index}` }),
        ),
      );
      t.clock.advance(10 * 60_000);
    }
    expect(checks.failed).toBeLessThanOrEqual(10);
    // Still locked 40 minutes in: the right password runs no check and makes no session.
    const right = t.client();
    expect((await right.post(LOGIN, { email: user.email, pwd: DEFAULT_PASSWORD })).status).toBe(423);
    expect(checks.passed).toBe(0);
    expect(await sessionsOf(user.user.id)).toBe(0);
    t.clock.advance(HOUR);
    expect((await right.post(LOGIN, { email: user.email, pwd: DEFAULT_PASSWORD })).status).toBe(200);
  });
});

describe('a flood from many addresses', () => {
  it('runs no more than the account-wide 50 failed checks, then the right password from anywhere is refused', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    // 150 addresses, two parallel attempts each: 300 wrong passwords at once.
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        t
          .client({
            'x-forwarded-for': `198.51.${Math.floor(index / 2 / 250)}.${(Math.floor(index / 2) % 250) + 1}`,
          })
          .post(LOGIN, { email: user.email, pwd: `wrong password ${index}` }),
      ),
    );
    expect(answers.filter((response) => response.status >= 500)).toEqual([]);
    expect(checks.failed).toBeLessThanOrEqual(DEFAULT_LOCKOUT.maxFailures);
    // More than one address's share ran: the cap that held is the account's, not one address's.
    expect(checks.failed).toBeGreaterThan(DEFAULT_LOCKOUT.maxFailuresPerAddress);
    const owner = t.client({ 'x-forwarded-for': '192.0.2.7' });
    expect((await owner.post(LOGIN, { email: user.email, pwd: DEFAULT_PASSWORD })).status).toBe(423);
    expect(checks.passed).toBe(0);
    expect(await sessionsOf(user.user.id)).toBe(0);
  });
});

describe('an unknown address', () => {
  it('costs the same steps as a wrong password: the count, one hash, the lock check (timing tells nothing)', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    const wrong = await t.client().post(LOGIN, { email: user.email, pwd: 'wrong password' });
    const known = checks.steps;
    checks.steps = [];
    const nobody = await t.client().post(LOGIN, { email: 'nobody@example.com', pwd: 'wrong password' });
    expect(nobody.body).toEqual(wrong.body);
    // One statement counts the check for the address and then the account (lockout.ts reserveLoginCheck).
    expect(known).toEqual(['reserve', 'hash', 'lock']);
    expect(checks.steps).toEqual(known);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { type Clock, manualClock } from './clock';
import { DEFAULT_LOCKOUT } from './config';
import { openDatabase } from './db/client';
import { rateLimits } from './db/schema';
import {
  DatabaseRateLimiter,
  DEFAULT_RATE_LIMITS,
  MemoryRateLimiter,
  type RateLimiter,
  type RateLimitRules,
} from './rateLimit';
import { createUser, DEFAULT_PASSWORD, signedInUser } from './test/fixtures';
import { createTestApp, type TestApp } from './test/testApp';

const LIMITS = { ...DEFAULT_RATE_LIMITS, login: { max: 2, windowMs: 60_000 } };

let database: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

const limiters: Array<[string, (rules: RateLimitRules | null, clock: Clock) => RateLimiter]> = [
  ['in memory (one process)', (rules, clock) => new MemoryRateLimiter(rules, clock)],
  [
    'in the database (shared by processes)',
    (rules, clock) => new DatabaseRateLimiter(database.db, rules, clock),
  ],
];

describe.each(limiters)('RateLimiter %s', (_name, make) => {
  beforeEach(() => database.db.delete(rateLimits));

  it('allows max calls per window and address, then says how long to wait', async () => {
    const clock = manualClock();
    const limiter = make(LIMITS, clock);
    expect(await limiter.hit('login', 'a')).toBeNull();
    expect(await limiter.hit('login', 'a')).toBeNull();
    expect(await limiter.hit('login', 'a')).toBe(60);
    expect(await limiter.hit('login', 'b')).toBeNull(); // another address
    expect(await limiter.hit('forgotPassword', 'a')).toBeNull(); // another bucket
    clock.advance(45_000);
    expect(await limiter.hit('login', 'a')).toBe(15);
    clock.advance(15_000);
    expect(await limiter.hit('login', 'a')).toBeNull(); // a new window
  });

  it('does nothing without rules', async () => {
    const limiter = make(null, manualClock());
    for (let i = 0; i < 100; i += 1) expect(await limiter.hit('login', 'a')).toBeNull();
  });

  it('lets exactly max of many parallel calls through', async () => {
    const limiter = make(DEFAULT_RATE_LIMITS, manualClock());
    const answers = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('login', 'c')));
    expect(answers.filter((answer) => answer === null)).toHaveLength(DEFAULT_RATE_LIMITS.login.max);
  });
});

describe('MemoryRateLimiter forgetting', () => {
  it('forgets each window when its own bucket’s window is over, not the longest one (uploads: a day)', async () => {
    const clock = manualClock();
    const limiter = new MemoryRateLimiter(DEFAULT_RATE_LIMITS, clock);
    const size = () => (limiter as unknown as { windows: Map<string, unknown> }).windows.size;
    await limiter.hit('uploads', 'u');
    for (let i = 0; i < 10_000; i += 1) await limiter.hit('login', `a${i}`);
    clock.advance(DEFAULT_RATE_LIMITS.login.windowMs);
    await limiter.hit('login', 'new'); // past 10,000 windows: a sweep
    expect(size()).toBe(2); // the day-long upload window and the new one
    expect(await limiter.hit('uploads', 'u')).toBeNull(); // still counted: 2 of 40
  });
});

// In memory is PGlite's way; in the database Postgres's, where the login counts its limit in its first statement.
describe.each([
  ['counted in memory', false],
  ['counted in the database', true],
])('rate limits through the app, %s', (_name, rateLimitsInDatabase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimitsInDatabase,
      config: {
        trustProxy: true,
        rateLimits: {
          login: { max: 3, windowMs: 60_000 },
          forgotPassword: { max: 2, windowMs: 60_000 },
          passwordReset: { max: 2, windowMs: 60_000 },
          registration: { max: 2, windowMs: 60_000 },
          companyId: { max: 2, windowMs: 60_000 },
          twoFactor: { max: 2, windowMs: 60_000 },
          confirmationResend: { max: 2, windowMs: 60_000 },
          uploads: { max: 2, windowMs: 60_000 },
          stepUp: { max: 2, windowMs: 60_000 },
          accountSecurity: { max: 2, windowMs: 60_000 },
          emailChangeLink: { max: 2, windowMs: 60_000 },
          passkeyChallenge: { max: 2, windowMs: 60_000 },
        },
      },
    });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` } });

  it('answers 429 rate_limited_error with Retry-After on login once an address is over', async () => {
    const login = (ip: string) =>
      t.client().post(API_PATHS.login.path, { email: 'a@example.com', pwd: 'x' }, from(ip));
    for (let i = 0; i < 3; i += 1) expect((await login('192.0.2.1')).status).toBe(401);
    const limited = await login('192.0.2.1');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'rate_limited_error' });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await login('192.0.2.2')).status).toBe(401);
    t.clock.advance(60_000);
    expect((await login('192.0.2.1')).status).toBe(401);
  });

  it('answers a login whose count falls on a sweep of the finished windows (the sweep waits for its transaction)', async () => {
    // Every call sweeps: the sweep of a limit counted in the login's statement once ran inside the login's
    // transaction, on the pool, and on PGlite waited for that transaction for ever.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const login = () =>
        t.client().post(API_PATHS.login.path, { email: 'a@example.com', pwd: 'x' }, from('192.0.2.9'));
      const answers = await Promise.race([
        Promise.all([login(), login(), login(), login()]).then((all) =>
          all.map((answer) => answer.status).sort(),
        ),
        new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 10 s'), 10_000)),
      ]);
      expect(answers).toEqual([401, 401, 401, 429]);
    } finally {
      random.mockRestore();
    }
  });

  it('counts malformed login bodies too: the call after them is refused', async () => {
    const post = (body: unknown) => t.client().post(API_PATHS.login.path, body, from('192.0.2.3'));
    expect((await post({ email: 'not an address', pwd: 'x' })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect((await post({ email: 'a@example.com', pwd: 'x' })).status).toBe(401);
    expect((await post({})).status).toBe(429);
    expect((await post({ email: 'a@example.com', pwd: 'x' })).status).toBe(429);
  });

  it('counts nothing towards the lockout for a login refused by the limit', async () => {
    const user = await createUser(t.db, {}, t.clock.now());
    const login = (pwd: string) =>
      t.client().post(API_PATHS.login.path, { email: user.email, pwd }, from('192.0.2.4'));
    for (let i = 0; i < 3; i += 1) expect((await login('wrong password')).status).toBe(401);
    // Past the address's 10 failures, had these been counted: the owner would be locked out of this address.
    for (let i = 0; i < DEFAULT_LOCKOUT.maxFailuresPerAddress; i += 1)
      expect((await login('wrong password')).status).toBe(429);
    t.clock.advance(60_000);
    expect((await login(DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('limits the passkey sign-in’s answer in the password login’s bucket, its challenge in one of its own', async () => {
    const address = from('192.0.2.5');
    const password = () =>
      t.client().post(API_PATHS.login.path, { email: 'a@example.com', pwd: 'x' }, address);
    const options = () => t.client().post(API_PATHS.passkeyLoginOptions.path, {}, address);
    const answer = () => t.client().post(API_PATHS.passkeyLogin.path, {}, address);
    // Challenges spend nothing of the login's: both, then three logins and answers (max 3) before the 429.
    expect((await options()).status).toBe(200);
    expect((await options()).status).toBe(200);
    const limitedChallenge = await options();
    expect(limitedChallenge.status).toBe(429);
    expect(limitedChallenge.body).toEqual({ code: 'rate_limited_error' });
    expect((await password()).status).toBe(401);
    // An answer counts whatever it carries: this one is checked, then refused.
    expect((await answer()).status).toBe(400);
    expect((await password()).status).toBe(401);
    expect((await answer()).status).toBe(429);
    expect((await password()).status).toBe(429);
  });

  it('limits forgot password', async () => {
    const forgot = () =>
      t.client().post(API_PATHS.forgotPassword.path, { email: 'a@example.com' }, from('192.0.2.9'));
    expect((await forgot()).status).toBe(404);
    expect((await forgot()).status).toBe(404);
    expect((await forgot()).status).toBe(429);
  });

  it('limits the security centre: step-up, its changes and its e-mail links', async () => {
    const { client } = await signedInUser(t);
    const stepUp = () => client.post(API_PATHS.stepUp.path, { pwd: 'wrong' }, from('192.0.2.20'));
    expect((await stepUp()).status).toBe(401);
    expect((await stepUp()).status).toBe(401);
    expect((await stepUp()).status).toBe(429);
    const sessions = () => client.get(API_PATHS.getSessions.path, from('192.0.2.21'));
    expect((await sessions()).status).toBe(200);
    expect((await sessions()).status).toBe(200);
    expect((await sessions()).status).toBe(429);
    const confirm = () =>
      t.client().post(API_PATHS.confirmEmailChange.path, { token: 'x' }, from('192.0.2.22'));
    expect((await confirm()).status).toBe(404);
    expect((await confirm()).status).toBe(404);
    expect((await confirm()).status).toBe(429);
  });

  it('limits the magic link exchange like login', async () => {
    const exchange = () =>
      t.client().post(API_PATHS.exchangeMagicLink.path, { token: 'x' }, from('192.0.2.7'));
    for (let i = 0; i < 3; i += 1) expect((await exchange()).status).toBe(400);
    expect((await exchange()).status).toBe(429);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { manualClock } from './clock';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './rateLimit';
import { createTestApp, type TestApp } from './test/testApp';

describe('RateLimiter', () => {
  it('allows max calls per window and address, then says how long to wait', () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, login: { max: 2, windowMs: 60_000 } }, clock);
    expect(limiter.hit('login', 'a')).toBeNull();
    expect(limiter.hit('login', 'a')).toBeNull();
    expect(limiter.hit('login', 'a')).toBe(60);
    expect(limiter.hit('login', 'b')).toBeNull(); // another address
    expect(limiter.hit('forgotPassword', 'a')).toBeNull(); // another bucket
    clock.advance(45_000);
    expect(limiter.hit('login', 'a')).toBe(15);
    clock.advance(15_000);
    expect(limiter.hit('login', 'a')).toBeNull(); // a new window
  });

  it('does nothing without rules', () => {
    const limiter = new RateLimiter(null, manualClock());
    for (let i = 0; i < 1000; i += 1) expect(limiter.hit('login', 'a')).toBeNull();
  });
});

describe('rate limits through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
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

  it('limits forgot password', async () => {
    const forgot = () =>
      t.client().post(API_PATHS.forgotPassword.path, { email: 'a@example.com' }, from('192.0.2.9'));
    expect((await forgot()).status).toBe(404);
    expect((await forgot()).status).toBe(404);
    expect((await forgot()).status).toBe(429);
  });

  it('limits the magic link exchange like login', async () => {
    const exchange = () =>
      t.client().post(API_PATHS.exchangeMagicLink.path, { token: 'x' }, from('192.0.2.7'));
    for (let i = 0; i < 3; i += 1) expect((await exchange()).status).toBe(400);
    expect((await exchange()).status).toBe(429);
  });
});

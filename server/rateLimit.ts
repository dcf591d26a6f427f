/**
 * Per-address rate limits on the calls an attacker would hammer (docs/decisions.md: Rate limits): fixed windows counted in
 * memory. One process serves the API, so memory is enough; counters reset on restart, which is acceptable for a
 * brake (the account lockout in security/lockout.ts is stored in the database).
 */
import type { MiddlewareHandler } from 'hono';
import type { Clock } from './clock';
import { clientIp } from './http/clientIp';
import { fail } from './http/problem';

export const RATE_LIMIT_BUCKETS = [
  'login',
  'forgotPassword',
  'passwordReset',
  'registration',
  'companyId',
  'twoFactor',
  'confirmationResend',
] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];

export interface RateLimitRule {
  /** Calls allowed per window and address. */
  max: number;
  windowMs: number;
}
export type RateLimitRules = Record<RateLimitBucket, RateLimitRule>;

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  login: { max: 20, windowMs: MINUTE },
  forgotPassword: { max: 10, windowMs: MINUTE },
  /** Reset-link checks and new passwords: a new password is hashed (argon2), so it is a brake on CPU too. */
  passwordReset: { max: 10, windowMs: MINUTE },
  registration: { max: 10, windowMs: MINUTE },
  companyId: { max: 30, windowMs: MINUTE },
  twoFactor: { max: 20, windowMs: MINUTE },
  /** Each call sends a mail: a few per ten minutes is plenty for a person who lost one. */
  confirmationResend: { max: 3, windowMs: 10 * MINUTE },
};

interface Window {
  startedAt: number;
  count: number;
}

/** Forget finished windows once the table grows past this, so a scan of many addresses cannot fill memory. */
const SWEEP_AT = 10_000;

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  /** `rules` null: no limits (tests, or RATE_LIMITS=off). */
  constructor(
    private readonly rules: RateLimitRules | null,
    private readonly clock: Clock,
  ) {}

  /** Counts a call; the seconds to wait when it is over the limit, otherwise null. */
  hit(bucket: RateLimitBucket, address: string): number | null {
    const rule = this.rules?.[bucket];
    if (!rule) return null;
    const now = this.clock.now().getTime();
    const key = `${bucket}\u0000${address}`;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= rule.windowMs) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= rule.max) return null;
    return Math.max(1, Math.ceil((window.startedAt + rule.windowMs - now) / 1000));
  }

  /** Forgets every count (tests). */
  reset(): void {
    this.windows.clear();
  }

  private sweep(now: number): void {
    const longest = Math.max(...Object.values(this.rules ?? {}).map((rule) => rule.windowMs));
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= longest) this.windows.delete(key);
    }
  }
}

/** Middleware: 429 {code: 'rate_limited_error'} with Retry-After once an address is over the bucket's limit. */
export const rateLimit =
  (limiter: RateLimiter, bucket: RateLimitBucket, trustProxy: boolean): MiddlewareHandler =>
  async (c, next) => {
    const retryAfter = limiter.hit(bucket, clientIp(c, trustProxy));
    if (retryAfter !== null) throw fail('rate_limited_error', {}, { 'Retry-After': String(retryAfter) });
    await next();
  };

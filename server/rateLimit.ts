/**
 * Per-address rate limits on the calls an attacker would hammer (docs/decisions/security.md: Rate limits): fixed windows.
 * On Postgres (DATABASE_URL set) they are counted in the database, whether one process serves or several
 * (WORKERS), so a limit holds across processes and restarts; on PGlite, one process, in memory, where counts reset
 * on restart, which is acceptable for a brake (the account lockout in security/lockout.ts is always in the
 * database). rateLimiterFor chooses.
 */
import { and, like, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { preparedOnce } from './db/prepared';
import { rateLimits } from './db/schema';
import { clientIp } from './http/clientIp';
import { fail } from './http/problem';
import { countDigest } from './security/countKeys';

export const RATE_LIMIT_BUCKETS = [
  'login',
  'passkeyChallenge',
  'forgotPassword',
  'passwordReset',
  'registration',
  'companyId',
  'twoFactor',
  'confirmationResend',
  'uploads',
  'stepUp',
  'accountSecurity',
  'emailChangeLink',
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
  /**
   * The passkey sign-in's challenge, asked when /login's e-mail field first has the focus: a page being used, not a
   * try (no hash, no check of an account), so it spends none of `login`. It stores a row for 5 minutes, so at most
   * 150 an address.
   */
  passkeyChallenge: { max: 30, windowMs: MINUTE },
  forgotPassword: { max: 10, windowMs: MINUTE },
  /** Reset-link checks and new passwords: a new password is hashed (argon2), so it is a brake on CPU too. */
  passwordReset: { max: 10, windowMs: MINUTE },
  registration: { max: 10, windowMs: MINUTE },
  companyId: { max: 30, windowMs: MINUTE },
  twoFactor: { max: 20, windowMs: MINUTE },
  /** Each call sends a mail: a few per ten minutes is plenty for a person who lost one. */
  confirmationResend: { max: 3, windowMs: 10 * MINUTE },
  /** Stored files from one address, whatever the accounts (docs/decisions/security.md: Uploads): 40 a day, 400 MB at most. */
  uploads: { max: 40, windowMs: 24 * 60 * MINUTE },
  /** Step-up checks a password (argon2) or a code, like a login (docs/decisions/security.md: Step-up). */
  stepUp: { max: 20, windowMs: MINUTE },
  /** Changes of the security centre: new password (argon2), e-mail (a mail), sessions, deletion. */
  accountSecurity: { max: 30, windowMs: MINUTE },
  /** The e-mail change and undo links. */
  emailChangeLink: { max: 10, windowMs: MINUTE },
};

interface Window {
  startedAt: number;
  count: number;
}

/** Forget finished windows once the table grows past this, so a scan of many addresses cannot fill memory. */
const SWEEP_AT = 10_000;

/** Counts calls per bucket and address. */
export interface RateLimiter {
  /**
   * Counts a call (as `weight` calls when it cost more than one); the seconds
   * to wait when the window is over the limit, otherwise null.
   */
  hit(bucket: RateLimitBucket, address: string, weight?: number): Promise<number | null>;
  /**
   * A call that sends a statement of its own anyway (the password login, security/lockout.ts reserveLoginCheck) may
   * have it count the call too, one round trip fewer than hit(): the window to count in, when this limiter counts
   * in the database and the bucket has a limit; null otherwise (then hit() as usual).
   */
  inStatement(bucket: RateLimitBucket, address: string): WindowInStatement | null;
  /** Forgets every count (tests). */
  reset(): Promise<void>;
}

/**
 * A call counted inside another statement (countInWindowStatement with countInWindowValues): once that statement
 * ran, `secondsOver(row, window, now)` answers what hit() would have (the seconds to wait when over the limit,
 * otherwise null). The caller runs `sweepNowAndThen` once its transaction ended: inside it a statement on the pool
 * would wait for that transaction (for ever on PGlite, whose one connection the transaction holds).
 */
export interface WindowInStatement extends RateLimitRule {
  key: string;
  /** Now and then (one call in SWEEP_ONE_IN) deletes the finished windows, as hit() does; outside any transaction. */
  sweepNowAndThen: () => Promise<void>;
}

/** Bucket and address: a bucket name has no space, so the two cannot run into each other. */
const keyOf = (bucket: RateLimitBucket, address: string) => `${bucket} ${address}`;
/** The same in the database: the address only as a keyed digest (security/countKeys.ts), the bucket in clear. */
const storedKeyOf = (bucket: RateLimitBucket, address: string) =>
  keyOf(bucket, countDigest(`address ${address}`));
/** A key's bucket: what comes before its first space. */
const bucketOf = (key: string) => key.slice(0, key.indexOf(' ')) as RateLimitBucket;

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();

  /** `rules` null: no limits (tests, or RATE_LIMITS=off). */
  constructor(
    private readonly rules: RateLimitRules | null,
    private readonly clock: Clock,
  ) {}

  async hit(bucket: RateLimitBucket, address: string, weight = 1): Promise<number | null> {
    const rule = this.rules?.[bucket];
    if (!rule) return null;
    const now = this.clock.now().getTime();
    const key = keyOf(bucket, address);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= rule.windowMs) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += weight;
    if (window.count <= rule.max) return null;
    return Math.max(1, Math.ceil((window.startedAt + rule.windowMs - now) / 1000));
  }

  /** Counting in memory costs no round trip: hit(). */
  inStatement(): null {
    return null;
  }

  async reset(): Promise<void> {
    this.windows.clear();
  }

  /** Each window goes once its own bucket's window is over (a day-long bucket keeps the minute-long ones short). */
  private sweep(now: number): void {
    const rules = this.rules ?? DEFAULT_RATE_LIMITS;
    for (const [key, window] of this.windows) {
      const rule = rules[bucketOf(key)];
      if (!rule || now - window.startedAt >= rule.windowMs) this.windows.delete(key);
    }
  }
}

/** Finished windows are deleted about once every this many calls (a scan of many addresses cannot fill the table). */
const SWEEP_ONE_IN = 1000;

/** Keys of the windows persistentLimit.ts counts (always in the database, windows up to a day). */
export const PERSISTENT_KEY_PREFIX = 'persistent:';

export interface WindowCount {
  count: number;
  windowStart: Date;
}

/**
 * Counts one call (or `weight` calls) in the fixed window of `key`, in one upsert (a finished window starts again
 * at the weight); answers the count so far. Concurrent calls are counted one by one: the row is updated under its
 * lock.
 */
export const countInWindow = async (
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
  weight = 1,
): Promise<WindowCount> => {
  const [row] = await preparedOnce(db, 'count_in_window', prepareCountInWindow).execute(
    countInWindowValues(key, windowMs, now, weight),
  );
  if (!row) throw new Error('rate limit upsert returned nothing');
  return row;
};

/** The values of countInWindowStatement's placeholders for one call. */
export const countInWindowValues = (key: string, windowMs: number, now: Date, weight = 1) => ({
  rateKey: key,
  rateNow: now.toISOString(),
  rateExpiredBy: new Date(now.getTime() - windowMs).toISOString(),
  rateWeight: weight,
});

/**
 * countInWindow's upsert with placeholders (countInWindowValues), to be run alone or inside another statement
 * (security/lockout.ts reserveLoginCheck). Its one row: the count so far and the window's start.
 */
export const countInWindowStatement = (db: Database) => {
  const at = sql`${sql.placeholder('rateNow')}::timestamptz`;
  const weight = sql`${sql.placeholder('rateWeight')}::int`;
  const expired = sql`${rateLimits.windowStart} <= ${sql.placeholder('rateExpiredBy')}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({ key: sql`${sql.placeholder('rateKey')}::text`, windowStart: at, count: weight })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then ${weight} else ${rateLimits.count} + ${weight} end`,
        windowStart: sql`case when ${expired} then ${at} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
};

/** Built once per pool and prepared (server/db/prepared.ts): every limited call runs it. */
const prepareCountInWindow = (db: Database) => countInWindowStatement(db).prepare('count_in_window');

/** The seconds to wait when a window's count is over the rule's limit, otherwise null. */
export const secondsOver = (row: WindowCount, rule: RateLimitRule, now: Date): number | null =>
  row.count <= rule.max
    ? null
    : Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));

/**
 * The same fixed windows, counted in the database in one upsert per call: processes sharing a Postgres share
 * the counts, and concurrent calls are counted one by one (the row is updated under its lock).
 */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly rules: RateLimitRules | null,
    private readonly clock: Clock,
  ) {}

  async hit(bucket: RateLimitBucket, address: string, weight = 1): Promise<number | null> {
    const rule = this.rules?.[bucket];
    if (!rule) return null;
    const now = this.clock.now();
    const row = await countInWindow(this.db, storedKeyOf(bucket, address), rule.windowMs, now, weight);
    await this.sweepNowAndThen(now);
    return secondsOver(row, rule, now);
  }

  inStatement(bucket: RateLimitBucket, address: string): WindowInStatement | null {
    const rule = this.rules?.[bucket];
    if (!rule) return null;
    return {
      key: storedKeyOf(bucket, address),
      windowMs: rule.windowMs,
      max: rule.max,
      sweepNowAndThen: () => this.sweepNowAndThen(this.clock.now()),
    };
  }

  private async sweepNowAndThen(now: Date): Promise<void> {
    if (Math.random() * SWEEP_ONE_IN < 1) await this.sweep(now);
  }

  async reset(): Promise<void> {
    await this.db.delete(rateLimits);
  }

  private async sweep(now: Date): Promise<void> {
    await sweepRateLimitWindows(this.db, this.rules ?? DEFAULT_RATE_LIMITS, now);
  }
}

/**
 * Deletes the finished windows of the per-address limits, each bucket's by its own window (bucket names are letters
 * only, so the LIKE prefix is exact); also run on a timer by server/retentionSweep.ts.
 */
export const sweepRateLimitWindows = async (
  db: Database,
  rules: RateLimitRules,
  now: Date,
): Promise<void> => {
  for (const [bucket, rule] of Object.entries(rules))
    await db
      .delete(rateLimits)
      .where(
        and(
          like(rateLimits.key, `${bucket} %`),
          lt(rateLimits.windowStart, new Date(now.getTime() - rule.windowMs)),
        ),
      );
};

/**
 * The limiter for a server: in the database when it runs on Postgres (where several processes may serve it),
 * in memory on PGlite (one process only).
 */
export const rateLimiterFor = (
  config: { rateLimits: RateLimitRules | null; databaseUrl: string | undefined },
  db: Database,
  clock: Clock,
): RateLimiter =>
  config.databaseUrl
    ? new DatabaseRateLimiter(db, config.rateLimits, clock)
    : new MemoryRateLimiter(config.rateLimits, clock);

/** The answer to a call over its limit: 429 {code: 'rate_limited_error'} with Retry-After. */
export const rateLimited = (retryAfter: number) =>
  fail('rate_limited_error', {}, { 'Retry-After': String(retryAfter) });

/** Middleware: 429 (rateLimited) once an address is over the bucket's limit. */
export const rateLimit =
  (limiter: RateLimiter, bucket: RateLimitBucket, trustProxy: boolean): MiddlewareHandler =>
  async (c, next) => {
    const retryAfter = await limiter.hit(bucket, clientIp(c, trustProxy));
    if (retryAfter !== null) throw rateLimited(retryAfter);
    await next();
  };

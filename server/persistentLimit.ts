/**
 * Limits that must hold whatever the server runs on: counted in the database (the rate_limits table), so they
 * hold across WORKERS processes and restarts, unlike the per-address brakes of rateLimit.ts, which PGlite counts in
 * memory. Used for mail per recipient (mail/recipientLimit.ts) and invitations per inviter
 * (docs/decisions/security.md: Mail per recipient).
 */
import { and, like, lt } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { rateLimits } from './db/schema';
import { countInWindow, PERSISTENT_KEY_PREFIX, type RateLimitRule, secondsOver } from './rateLimit';

export interface PersistentLimitDeps {
  db: Database;
  clock: Clock;
}

/** The longest window a persistent limit may have: rows older than this are swept. */
export const PERSISTENT_WINDOW_MAX_MS = 24 * 60 * 60 * 1000;

/** Finished windows are deleted about once every this many calls. */
const SWEEP_ONE_IN = 1000;

/**
 * Counts one call of `name` in each window, shortest first, and stops at the first one over its limit: a longer
 * window only counts the calls the shorter ones let through, so a flood refused by the 15-minute window does not
 * also use up the day's allowance. Answers the seconds to wait, or null when the call is within every limit.
 */
export const hitPersistentLimit = async (
  { db, clock }: PersistentLimitDeps,
  name: string,
  rules: readonly RateLimitRule[],
): Promise<number | null> => {
  const now = clock.now();
  if (Math.random() * SWEEP_ONE_IN < 1) await sweepPersistentWindows(db, now);
  for (const rule of rules) {
    if (rule.windowMs > PERSISTENT_WINDOW_MAX_MS) throw new Error(`${name}: window longer than a day`);
    const key = `${PERSISTENT_KEY_PREFIX}${name}:${rule.windowMs / 1000}s`;
    const over = secondsOver(await countInWindow(db, key, rule.windowMs, now), rule, now);
    if (over !== null) return over;
  }
  return null;
};

/** Deletes the windows past the longest one; also run on a timer by server/retentionSweep.ts. */
export const sweepPersistentWindows = async (db: Database, now: Date): Promise<void> => {
  await db
    .delete(rateLimits)
    .where(
      and(
        like(rateLimits.key, `${PERSISTENT_KEY_PREFIX}%`),
        lt(rateLimits.windowStart, new Date(now.getTime() - PERSISTENT_WINDOW_MAX_MS)),
      ),
    );
};

/**
 * Account lockout (docs/decisions.md: Lockout): no more than 10 failed passwords or codes within an hour; the tenth
 * locks the account for an hour. Each check is counted in the database before it runs (reserveCheck), so parallel
 * attempts cannot slip past the count, and one that passes gives its count back.
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export interface LockoutPolicy {
  maxFailures: number;
  /** Failures count within this window, which starts at the first failure. */
  windowMs: number;
  lockMs: number;
}

export const isLocked = (user: { lockedUntil: Date | null }, now: Date): boolean =>
  user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const windowOpenAt = (now: Date, policy: LockoutPolicy) =>
  sql`${users.failedWindowStart} is not null and ${users.failedWindowStart} > ${at(
    new Date(now.getTime() - policy.windowMs),
  )}`;

/**
 * Counts one password or code check BEFORE it runs, in one conditional UPDATE: true when the check may run;
 * false when the account is locked or the hour's checks are spent. Parallel requests are counted one by one by the
 * database (the row is updated under its lock and the condition read again), so no more than maxFailures checks
 * of an account run in a window, whatever the concurrency. The count is given back by a check that passes.
 */
export const reserveCheck = async (
  db: Database,
  userId: number,
  now: Date,
  policy: LockoutPolicy,
): Promise<boolean> => {
  const windowOpen = windowOpenAt(now, policy);
  const [row] = await db
    .update(users)
    .set({
      failedAttempts: sql`case when ${windowOpen} then ${users.failedAttempts} + 1 else 1 end`,
      failedWindowStart: sql`case when ${windowOpen} then ${users.failedWindowStart} else ${at(now)} end`,
    })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.lockedUntil), lte(users.lockedUntil, at(now))),
        sql`not (${windowOpen} and ${users.failedAttempts} >= ${policy.maxFailures})`,
      ),
    )
    .returning({ id: users.id });
  return row !== undefined;
};

/** A check that passed gives its count back: only failures use up the hour's checks. */
export const releaseCheck = async (db: Database, userId: number): Promise<void> => {
  await db
    .update(users)
    .set({ failedAttempts: sql`greatest(${users.failedAttempts} - 1, 0)` })
    .where(eq(users.id, userId));
};

/** After a failed check: locks the account when the hour's checks are spent; true when it is (now) locked. */
export const lockIfSpent = async (
  db: Database,
  userId: number,
  now: Date,
  policy: LockoutPolicy,
): Promise<boolean> => {
  const [row] = await db
    .update(users)
    .set({ lockedUntil: new Date(now.getTime() + policy.lockMs), failedAttempts: 0, failedWindowStart: null })
    .where(
      and(
        eq(users.id, userId),
        windowOpenAt(now, policy),
        sql`${users.failedAttempts} >= ${policy.maxFailures}`,
      ),
    )
    .returning({ id: users.id });
  return row !== undefined;
};

/**
 * One password or code check, counted before it runs (reserveCheck): false from `run` (via `passed`) keeps the
 * count, true gives it back. Answers 'locked' when the account is locked or the hour's checks are spent, before or
 * by this failure; otherwise what `run` answered.
 */
export const countedCheck = async <T>(
  db: Database,
  userId: number,
  now: () => Date,
  policy: LockoutPolicy,
  run: () => Promise<T>,
  passed: (result: T) => boolean,
): Promise<T | 'locked'> => {
  if (!(await reserveCheck(db, userId, now(), policy))) return 'locked';
  const result = await run();
  if (passed(result)) await releaseCheck(db, userId);
  else if (await lockIfSpent(db, userId, now(), policy)) return 'locked';
  return result;
};

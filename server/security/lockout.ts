/**
 * Account lockout (docs/decisions.md: Lockout): 10 failed passwords or codes within an hour lock the account for an hour.
 * Counted in the database with single UPDATE statements, so parallel attempts cannot slip past the count.
 */
import { eq, sql } from 'drizzle-orm';
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

/** Counts one failure; true when this failure locked the account. */
export const recordFailure = async (
  db: Database,
  userId: number,
  now: Date,
  policy: LockoutPolicy,
): Promise<boolean> => {
  const windowOpen = sql`${users.failedWindowStart} is not null and ${users.failedWindowStart} > ${at(
    new Date(now.getTime() - policy.windowMs),
  )}`;
  const [row] = await db
    .update(users)
    .set({
      failedAttempts: sql`case when ${windowOpen} then ${users.failedAttempts} + 1 else 1 end`,
      failedWindowStart: sql`case when ${windowOpen} then ${users.failedWindowStart} else ${at(now)} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedAttempts: users.failedAttempts });
  if (!row || row.failedAttempts < policy.maxFailures) return false;
  await db
    .update(users)
    .set({
      lockedUntil: new Date(now.getTime() + policy.lockMs),
      failedAttempts: 0,
      failedWindowStart: null,
    })
    .where(eq(users.id, userId));
  return true;
};

/** A successful login (or password reset) starts the count afresh. */
export const clearFailures = async (db: Database, userId: number): Promise<void> => {
  await db
    .update(users)
    .set({ failedAttempts: 0, failedWindowStart: null, lockedUntil: null })
    .where(eq(users.id, userId));
};

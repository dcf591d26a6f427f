/**
 * Account lockout (docs/decisions.md: Lockout): no more than 10 failed passwords or codes within an hour; the tenth
 * locks the account for an hour. Each check is counted in the database before it runs (reserveCheck), so parallel
 * attempts cannot slip past the count, and one that passes gives its count back.
 */
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from '../deps';
import { enforcedTwoFactor } from '../users';

export interface LockoutPolicy {
  maxFailures: number;
  /** Failures count within this window, which starts at the first failure. */
  windowMs: number;
  lockMs: number;
}

export const isLocked = (user: { lockedUntil: Date | null }, now: Date): boolean =>
  user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();

/**
 * The moment a statement is evaluated at, as SQL: the time, the start of the window that counts, the limit. Values
 * for a one-off statement (momentOf), or placeholders for the login's prepared one (reserveLoginCheck).
 */
interface Moment {
  now: SQL;
  windowStart: SQL;
  maxFailures: SQL;
}

const momentOf = (now: Date, policy: LockoutPolicy): Moment => ({
  now: sql`${now.toISOString()}::timestamptz`,
  windowStart: sql`${new Date(now.getTime() - policy.windowMs).toISOString()}::timestamptz`,
  maxFailures: sql`${policy.maxFailures}`,
});

const windowOpenAt = ({ windowStart }: Moment) =>
  sql`${users.failedWindowStart} is not null and ${users.failedWindowStart} > ${windowStart}`;

/** The count one check adds: the next failure of the open window, or the first of a new one. */
const countOneCheck = (moment: Moment) => {
  const windowOpen = windowOpenAt(moment);
  return {
    failedAttempts: sql`case when ${windowOpen} then ${users.failedAttempts} + 1 else 1 end`,
    failedWindowStart: sql`case when ${windowOpen} then ${users.failedWindowStart} else ${moment.now} end`,
  };
};

/** The account may be checked: not locked, and the hour's checks not spent. */
const mayCheck = (moment: Moment) =>
  and(
    or(isNull(users.lockedUntil), lte(users.lockedUntil, moment.now)),
    sql`not (${windowOpenAt(moment)} and ${users.failedAttempts} >= ${moment.maxFailures})`,
  );

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
  const [row] = await db
    .update(users)
    .set(countOneCheck(momentOf(now, policy)))
    .where(and(eq(users.id, userId), mayCheck(momentOf(now, policy))))
    .returning({ id: users.id });
  return row !== undefined;
};

/** What the login's first statement found: the account (null: no account has this e-mail) and its count. */
export interface LoginCheck {
  user: UserRow | null;
  /** The password check was counted and may run (reserveCheck); false: locked, or the hour's checks spent. */
  reserved: boolean;
  /** The account belongs to an organisation that enforces two-factor (server/users.ts enforcedTwoFactor). */
  twoFactorRequired: boolean;
}

/**
 * The login's look-up and count in ONE statement (a data-modifying CTE): finds the account by e-mail (without
 * case), counts the password check exactly as reserveCheck does (the same conditional UPDATE, so parallel logins
 * are still counted one by one under the row's lock) and says whether two-factor is enforced on it. An unknown
 * address runs the same statement and touches no row, so both cost the same (docs/security.md).
 */
export const reserveLoginCheck = async (
  db: Database,
  email: string,
  now: Date,
  policy: LockoutPolicy,
): Promise<LoginCheck> => {
  let prepared = preparedLoginChecks.get(db);
  if (!prepared) {
    prepared = prepareLoginCheck(db);
    preparedLoginChecks.set(db, prepared);
  }
  const [row] = await prepared.execute({
    email: email.trim(),
    now: now.toISOString(),
    windowStart: new Date(now.getTime() - policy.windowMs).toISOString(),
    maxFailures: policy.maxFailures,
  });
  if (!row) return { user: null, reserved: false, twoFactorRequired: false };
  return {
    user: row.user,
    reserved: row.reserved === true,
    twoFactorRequired: row.twoFactorRequired === true,
  };
};

/**
 * Built once per database and prepared: a login runs it at every attempt, so neither the query builder nor the
 * database plans it again each time.
 */
const prepareLoginCheck = (db: Database) => {
  const moment: Moment = {
    now: sql`${sql.placeholder('now')}::timestamptz`,
    windowStart: sql`${sql.placeholder('windowStart')}::timestamptz`,
    maxFailures: sql`${sql.placeholder('maxFailures')}::integer`,
  };
  const sameEmail = sql`lower(${users.email}) = lower(${sql.placeholder('email')})`;
  const counted = db.$with('counted').as(
    db
      .update(users)
      .set(countOneCheck(moment))
      .where(and(sameEmail, mayCheck(moment)))
      .returning({ id: users.id }),
  );
  return db
    .with(counted)
    .select({
      user: users,
      // The CTE holds at most this account's row: the e-mail is unique without case.
      reserved: sql<boolean>`exists (select 1 from ${counted})`,
      twoFactorRequired: sql<boolean>`${enforcedTwoFactor(db, users.id)}`,
    })
    .from(users)
    .where(sameEmail)
    .limit(1)
    .prepare('reserve_login_check');
};
const preparedLoginChecks = new WeakMap<Database, ReturnType<typeof prepareLoginCheck>>();

/** The UPDATE of releaseCheck, to be run alone or beside other statements (server/sessions.ts startSession). */
export const releaseCheckStatement = (db: Database, userId: number) =>
  db
    .update(users)
    .set({ failedAttempts: sql`greatest(${users.failedAttempts} - 1, 0)` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });

/** A check that passed gives its count back: only failures use up the hour's checks. */
export const releaseCheck = async (db: Database, userId: number): Promise<void> => {
  await releaseCheckStatement(db, userId);
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
        windowOpenAt(momentOf(now, policy)),
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

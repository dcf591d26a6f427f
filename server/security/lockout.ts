/**
 * Account lockout (docs/decisions/security.md: Lockout), the account-wide stage: no more than maxFailures (50) failed
 * passwords or codes of an account within an hour, from all addresses together; the last locks the account for an
 * hour. Before it, each calling address has its own smaller allowance (security/addressLockout.ts). Each check is
 * counted in the database before it runs (reserveCheck), so parallel attempts cannot slip past the count, and one
 * that passes gives its count back. An e-mail no account has is counted the same way in rate_limits, so its
 * answers are those of an account (unknownAccountKey).
 */
import { and, eq, isNull, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { rateLimits, users } from '../db/schema';
import type { UserRow } from '../deps';
import { recordLockoutStarted } from '../ops/securityEvents';
import { countInWindowStatement, countInWindowValues, type WindowInStatement } from '../rateLimit';
import { enforcedTwoFactor } from '../users';
import {
  type AddressReservation,
  addressCheckStatement,
  addressCheckValues,
  type Caller,
  releaseAddressCheck,
  reserveAddressCheck,
  sweepLockoutKeysNowAndThen,
  unknownAccountKey,
} from './addressLockout';

export interface LockoutPolicy {
  /** Failed checks of one account in a window, from every address together. */
  maxFailures: number;
  /** Failed checks of one account (or unknown e-mail) in a window from one calling address. */
  maxFailuresPerAddress: number;
  /** Failures count within this window, which starts at the first failure. */
  windowMs: number;
  lockMs: number;
}

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

/*
 * The same count for an e-mail no account has, on its rate_limits row (unknownAccountKey): window_start and count
 * play failed_window_start and failed_attempts. Its lock is a window that ends when an account's lock would
 * (lockUnknownIfSpent), so an unknown e-mail answers 401 and 423 exactly when an account would.
 */
const unknownWindowOpenAt = ({ windowStart }: Moment) => sql`${rateLimits.windowStart} > ${windowStart}`;

const countOneUnknownCheck = (moment: Moment) => {
  const windowOpen = unknownWindowOpenAt(moment);
  return {
    count: sql`case when ${windowOpen} then ${rateLimits.count} + 1 else 1 end`,
    windowStart: sql`case when ${windowOpen} then ${rateLimits.windowStart} else ${moment.now} end`,
  };
};

const mayCheckUnknown = (moment: Moment) =>
  sql`not (${unknownWindowOpenAt(moment)} and ${rateLimits.count} >= ${moment.maxFailures})`;

/** lockIfSpent for an unknown e-mail: its window is moved to end when an account's lock would (now + lockMs). */
export const lockUnknownIfSpent = async (
  db: Database,
  email: string,
  now: Date,
  policy: LockoutPolicy,
): Promise<boolean> => {
  const moment = momentOf(now, policy);
  const [row] = await db
    .update(rateLimits)
    .set({ windowStart: new Date(now.getTime() + policy.lockMs - policy.windowMs) })
    .where(
      and(
        eq(rateLimits.key, unknownAccountKey(email)),
        unknownWindowOpenAt(moment),
        sql`${rateLimits.count} >= ${policy.maxFailures}`,
      ),
    )
    .returning({ key: rateLimits.key });
  if (row) recordLockoutStarted('unknown_account');
  return row !== undefined;
};

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

/**
 * The columns of the account a password login reads, and no more: the check and the session need the id and the
 * hash, the notices the address and the name, the second factor its sealed secrets. The profile's columns (the bio,
 * the links and the rest) would only be parsed and mapped to be dropped.
 */
const loginUserColumns = {
  id: users.id,
  email: users.email,
  screenName: users.screenName,
  locale: users.locale,
  passwordHash: users.passwordHash,
  // The epoch the hash belongs to: the session starts only if it is still the account's (Credential epoch).
  credentialEpoch: users.credentialEpoch,
  twoFactorEnabled: users.twoFactorEnabled,
  totpSecret: users.totpSecret,
  totpPendingSecret: users.totpPendingSecret,
};

/** The account as a password login reads it (loginUserColumns). */
export type LoginUser = Pick<UserRow, keyof typeof loginUserColumns>;

/** What the login's first statement found: the calling address's count, the account (if any) and its count. */
export interface LoginCheck {
  /** This address's count of the e-mail, including this check (security/addressLockout.ts); null: refused. */
  address: AddressReservation | null;
  user: LoginUser | null;
  /**
   * The password check was counted and may run (reserveCheck, or the unknown e-mail's counter); false: locked, the
   * hour's checks spent, or the address refused (then the account is not counted at all).
   */
  reserved: boolean;
  /** The account belongs to an organisation that enforces two-factor (server/users.ts enforcedTwoFactor). */
  twoFactorRequired: boolean;
  /**
   * With a rate limit counted in the statement: the seconds to wait when the call is over it (then nothing else was
   * counted, as when the limit refuses before the login); otherwise null.
   */
  retryAfter: number | null;
}

/**
 * The login's counts and look-up in ONE statement (data-modifying CTEs), in the order of the lockout's two stages:
 * first the calling address's count of this e-mail (addressLockout.ts addressCheckStatement), then, only when the
 * address was not refused, the account's: finds the account by e-mail (without case), counts the password check
 * exactly as reserveCheck does (the same conditional UPDATE, so parallel logins are still counted one by one under
 * the row's lock) and says whether two-factor is enforced on it. An unknown e-mail runs the same statement, which
 * counts it on its own rate_limits row instead (a conditional upsert under that row's lock), so both cost the same
 * and answer the same (docs/security.md).
 *
 * With `limit` (the login's rate limit when it is counted in the database, rateLimit.ts inStatement) the call is
 * counted first, in the same statement (rateLimit.ts countInWindowStatement, one round trip fewer), and the address
 * is counted only when the call is within its limit: a call over it counts nothing else, as when the limit was a
 * statement of its own before the login.
 *
 * Lock order: the account's count waits for the address's (it reads its result), and the address's for the rate
 * limit's, so this statement locks the rate limit's row, then the address's, then the account's (or the unknown
 * e-mail's). The login's last statement gives the address's and the account's back in the same order
 * (loginFinish.ts), and every other statement locks one of these rows alone, so parallel logins of one account
 * cannot wait on each other in a circle (no deadlock).
 */
export const reserveLoginCheck = async (
  db: Database,
  caller: Caller,
  now: Date,
  policy: LockoutPolicy,
  limit: WindowInStatement | null = null,
): Promise<LoginCheck> => {
  const values = {
    ...addressCheckValues(caller, now, policy),
    windowStart: new Date(now.getTime() - policy.windowMs).toISOString(),
    maxFailures: policy.maxFailures,
    unknownKey: unknownAccountKey(caller.email),
  };
  const [row] = limit
    ? await preparedOnce(db, 'reserve_limited_login_check', prepareLimitedLoginCheck).execute({
        ...values,
        ...countInWindowValues(limit.key, limit.windowMs, now),
        rateMax: limit.max,
      })
    : await preparedOnce(db, 'reserve_login_check', prepareLoginCheck).execute(values);
  if (!row) throw new Error('the login check returns one row');
  const retryAfter =
    limit && row.rateCount !== null && row.rateWindowStart !== null
      ? await limit.settle({ count: Number(row.rateCount), windowStart: row.rateWindowStart }, now)
      : null;
  await sweepLockoutKeysNowAndThen(db, now, policy);
  return {
    address: row.addressKey === null ? null : { key: row.addressKey, count: Number(row.addressCount) },
    user: row.user,
    reserved: row.reserved === true,
    twoFactorRequired: row.twoFactorRequired === true,
    retryAfter,
  };
};

/** Built once per pool and prepared (server/db/prepared.ts): a login runs it at every attempt. */
const prepareLoginCheck = (db: Database) => loginCheckStatement(db, false).prepare('reserve_login_check');

/** The same with the login's rate limit counted in front (reserveLoginCheck's `limit`). */
const prepareLimitedLoginCheck = (db: Database) =>
  loginCheckStatement(db, true).prepare('reserve_limited_login_check');

/**
 * The login check's statement; `limited`: a first CTE counts the call's rate limit (rateLimit.ts
 * countInWindowStatement), the statement answers its count and window, and the address (so everything after it) is
 * counted only when that count is within the limit (`rateMax`).
 */
const loginCheckStatement = (db: Database, limited: boolean) => {
  const moment: Moment = {
    now: sql`${sql.placeholder('now')}::timestamptz`,
    windowStart: sql`${sql.placeholder('windowStart')}::timestamptz`,
    maxFailures: sql`${sql.placeholder('maxFailures')}::integer`,
  };
  const sameEmail = sql`lower(${users.email}) = lower(${sql.placeholder('email')}::text)`;
  const rateCounted = db.$with('rate_counted').as(countInWindowStatement(db));
  const withinRate = sql`(select "count" from ${rateCounted}) <= ${sql.placeholder('rateMax')}::bigint`;
  const addressCounted = db
    .$with('address_counted')
    .as(addressCheckStatement(db, limited ? withinRate : undefined));
  // The account is counted only after the address was (and not at all when the address was refused).
  const addressAllowed = sql`exists (select 1 from ${addressCounted})`;
  const counted = db.$with('counted').as(
    db
      .update(users)
      .set(countOneCheck(moment))
      .where(and(sameEmail, mayCheck(moment), addressAllowed))
      .returning({ id: users.id }),
  );
  // Writes a row only when no account has the e-mail (then `counted` touches none): one counter per attempt.
  const unknownCounted = db.$with('unknown_counted').as(
    db
      .insert(rateLimits)
      .select(
        sql`select ${sql.placeholder('unknownKey')}::text, ${moment.now}, 1 where ${addressAllowed} and not exists (select 1 from ${users} where ${sameEmail})`,
      )
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: countOneUnknownCheck(moment),
        setWhere: mayCheckUnknown(moment),
      })
      .returning({ key: rateLimits.key }),
  );
  const ctes = limited
    ? [rateCounted, addressCounted, counted, unknownCounted]
    : [addressCounted, counted, unknownCounted];
  return (
    db
      .with(...ctes)
      .select({
        rateCount: limited ? sql<number | null>`(select "count" from ${rateCounted})` : sql<null>`null`,
        rateWindowStart: limited
          ? sql<Date | null>`(select "window_start" from ${rateCounted})`.mapWith(rateLimits.windowStart)
          : sql<null>`null`,
        addressKey: sql<string | null>`(select "key" from ${addressCounted})`,
        addressCount: sql<number | null>`(select "count" from ${addressCounted})`,
        user: loginUserColumns,
        // Each CTE holds at most one row: the e-mail is unique without case, and only one of them writes.
        reserved: sql<boolean>`(exists (select 1 from ${counted}) or exists (select 1 from ${unknownCounted}))`,
        twoFactorRequired: sql<boolean>`${enforcedTwoFactor(db, users.id)}`,
      })
      // One row whether or not an account has the e-mail, so the unknown e-mail's count is read too.
      .from(sql`(select 1) as one`)
      .leftJoin(users, sameEmail)
      .limit(1)
  );
};

/**
 * The UPDATE of releaseCheck, to be run alone or beside other statements (server/security/loginFinish.ts); `after`,
 * a condition that is always true, makes it wait for another part of the statement (the order its rows are locked).
 */
export const releaseCheckStatement = (db: Database, userId: number | Placeholder, after?: SQL) =>
  db
    .update(users)
    .set({ failedAttempts: sql`greatest(${users.failedAttempts} - 1, 0)` })
    .where(and(eq(users.id, userId), after))
    .returning({ id: users.id });

/** A check that passed gives its count back: only failures use up the hour's checks. */
export const releaseCheck = async (db: Database, userId: number): Promise<void> => {
  await releaseCheckStatement(db, userId);
};

/** The counts one check holds until its verdict: the calling address's, and the account's (null: not counted yet). */
export interface HeldCounts {
  address: AddressReservation;
  userId: number | null;
}

/** Retries of a count given back late: the first after this, then doubling, at most RETRY_MAX_MS apart. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 60_000;

/**
 * Runs `give` again until it succeeds, first after `delayMs`, then doubling, on an unref'd timer (a database outage:
 * the pool reconnects on its own), until the window of the count it gives back is over (then that count no longer
 * counts anyway). Answers whether it was given back. The process keeps it in memory: a process that ends meanwhile
 * leaves the count to age out with its window.
 */
export const giveBackUntilDone = async (
  give: () => Promise<unknown>,
  windowMs: number,
  delayMs = RETRY_FIRST_MS,
): Promise<boolean> => {
  const until = Date.now() + windowMs;
  for (let wait = delayMs; Date.now() + wait <= until; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
    try {
      await give();
      return true;
    } catch {
      // Still gone: wait longer.
    }
  }
  return false;
};

/**
 * Gives a check's counts back, each on its own (one given back is never given back twice); one that fails (the
 * database is gone) is given back when the database answers again (giveBackUntilDone), and the first failure is
 * thrown on, so the call answers as it would have.
 */
export const releaseHeldCounts = async (db: Database, held: HeldCounts, policy: LockoutPolicy) => {
  const { address, userId } = held;
  const parts = [() => releaseAddressCheck(db, address)];
  if (userId !== null) parts.push(() => releaseCheck(db, userId));
  let failure: unknown;
  for (const give of parts) {
    await give().catch((error: unknown) => {
      failure ??= error;
      void giveBackUntilDone(give, policy.windowMs);
    });
  }
  if (failure !== undefined) throw failure;
};

/**
 * A step between a check's count and its verdict (the hash, the code's look-up, the statement that gives the counts
 * back with the session): if it throws, the check never reached a verdict, so its counts go back (now, or once the
 * database answers again: giveBackUntilDone) and the error goes on. A login cut by a database outage does not count
 * against the account. `step` must give the counts back in one statement or not at all (one statement commits or
 * not; a statement whose answer the outage cut after its commit would be given back twice, one check in favour of
 * the caller).
 */
export const untilVerdict = async <T>(
  db: Database,
  held: HeldCounts,
  policy: LockoutPolicy,
  step: () => Promise<T>,
): Promise<T> => {
  try {
    return await step();
  } catch (error) {
    await releaseHeldCounts(db, held, policy).catch(() => {});
    throw error;
  }
};

/**
 * After a failed check: locks the account when the hour's checks are spent; true when this check locked it. Only
 * here does a lock begin (the UPDATE matches once per lock: it clears the count it reads), so only here is it
 * logged and counted (lockout_started): a check that is merely counted, or that passes, is no lock.
 */
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
  if (row) recordLockoutStarted('account');
  return row !== undefined;
};

/**
 * One password or code check, counted before it runs, first for the calling address (reserveAddressCheck), then for
 * the account (reserveCheck): false from `run` (via `passed`) keeps both counts, true gives them back. Answers
 * 'locked' when the address or the account is locked or its hour's checks are spent, before or by this failure;
 * otherwise what `run` answered.
 */
export const countedCheck = async <T>(
  db: Database,
  userId: number,
  now: () => Date,
  policy: LockoutPolicy,
  run: () => Promise<T>,
  passed: (result: T) => boolean,
  /** The calling address's stage comes first (security/addressLockout.ts). */
  caller: Caller,
): Promise<T | 'locked'> => {
  const address = await reserveAddressCheck(db, caller, now(), policy);
  if (address === null) return 'locked';
  const reserved = await untilVerdict(db, { address, userId: null }, policy, () =>
    reserveCheck(db, userId, now(), policy),
  );
  if (!reserved) {
    await releaseAddressCheck(db, address);
    return 'locked';
  }
  const held = { address, userId };
  // A check cut before its verdict (the database gone) gives its counts back (untilVerdict).
  const result = await untilVerdict(db, held, policy, run);
  if (passed(result)) {
    await releaseHeldCounts(db, held, policy);
    return result;
  }
  const accountLocked = await lockIfSpent(db, userId, now(), policy);
  if (accountLocked || address.count >= policy.maxFailuresPerAddress) return 'locked';
  return result;
};

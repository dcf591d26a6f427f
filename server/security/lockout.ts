/**
 * Account lockout (docs/decisions/security.md: Lockout), the account-wide stage: no more than maxFailures (50) failed
 * passwords or codes of an account within an hour, from all addresses together; the last locks the account for an
 * hour. Before it, each calling address has its own smaller allowance (security/addressLockout.ts). Each check is
 * counted in the database before it runs (reserveCheck), so parallel attempts cannot slip past the count, and one
 * that passes gives its count back. An e-mail no account has is counted the same way in rate_limits, so its
 * answers are those of an account (unknownAccountKey).
 */
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inTransaction, preparedOnce } from '../db/prepared';
import { rateLimits, users } from '../db/schema';
import type { UserRow } from '../deps';
import { recordLockoutStarted } from '../ops/securityEvents';
import {
  countInWindowStatement,
  countInWindowValues,
  secondsOver,
  type WindowInStatement,
} from '../rateLimit';
import { enforcedTwoFactor } from '../users';
import {
  type AddressReservation,
  addressCheckValues,
  addressKeyOf,
  type Caller,
  releaseAddressCheck,
  reserveAddressCheck,
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

/** The calling address's stage as the login's first statement found it (security/addressLockout.ts). */
export interface AddressHold {
  /** Its row in rate_limits, held (locked) by the login's transaction until it ends. */
  key: string;
  /** The failures this address's window holds before this check. */
  failures: number;
}

/** What the login's first statement found: the calling address's stage, the account (if any) and its stage. */
export interface LoginCheck {
  /** The calling address's stage (security/addressLockout.ts); null: refused, its checks of the window spent. */
  address: AddressHold | null;
  user: LoginUser | null;
  /**
   * The password check may run: the account is neither locked nor out of the hour's checks, or the unknown e-mail
   * was counted within its allowance; false: refused (then the account was not read at all when the address was).
   */
  reserved: boolean;
  /** The account belongs to an organisation that enforces two-factor (server/users.ts enforcedTwoFactor). */
  twoFactorRequired: boolean;
  /**
   * With a rate limit counted in the statement: the seconds to wait when the call is over it (then nothing else was
   * read or counted, as when the limit refuses before the login); otherwise null.
   */
  retryAfter: number | null;
}

/**
 * The password login's check, in the login's ONE transaction (docs/decisions/operations.md: Login statements): the
 * check is not counted before it runs but HELD: this statement locks the rows that count it (the calling address's
 * row, made with no failures when it has none; the account's row) until the transaction ends, so a parallel check of
 * the same account or address waits and then reads what this one wrote, and no more than the allowed checks can
 * fail whatever the concurrency (docs/decisions/security.md: Lockout). A check that fails is counted before the
 * transaction commits (countLoginFailure); one that passes writes no count at all, and one cut before its verdict
 * is rolled back with its transaction, so it never counted. An e-mail no account has is counted at once (its check
 * always fails), on its own rate_limits row under that row's lock, so both cost the same steps and answer the same
 * (docs/security.md).
 *
 * With `limit` (the login's rate limit when it is counted in the database, rateLimit.ts inStatement) the call is
 * counted first, in the same statement, and nothing else is read when the call is over it.
 *
 * Lock order: the rate limit's row, then the address's, then the account's (or the unknown e-mail's), each part
 * reading the one before it; every other statement locks one of these rows alone, and the login's last statements
 * touch only rows this one locked or its own session and browser rows, so parallel logins cannot wait on each other
 * in a circle. `tx` is the login's transaction; `db` the pool the statement is prepared on (server/db/prepared.ts).
 */
export const reserveLoginCheck = async (
  tx: Database,
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
  const check = (limited: boolean) =>
    limited && limit
      ? inTransaction(preparedOnce(db, 'hold_limited_login_check', prepareLimitedLoginCheck), tx).execute({
          ...values,
          ...countInWindowValues(limit.key, limit.windowMs, now),
          rateMax: limit.max,
        })
      : inTransaction(preparedOnce(db, 'hold_login_check', prepareLoginCheck), tx).execute(values);
  let [row] = await check(true);
  if (!row) throw new Error('the login check returns one row');
  const retryAfter =
    limit && row.rateCount !== null && row.rateWindowStart !== null
      ? secondsOver({ count: Number(row.rateCount), windowStart: row.rateWindowStart }, limit, now)
      : null;
  if (retryAfter !== null)
    return { address: null, user: null, reserved: false, twoFactorRequired: false, retryAfter };
  // The address's row was made by a parallel check that committed after this statement began: neither made nor
  // seen here. Read again (the call is not counted twice: the rate limit is left out).
  for (let again = 0; row.addressKey === null && again < 3; again += 1) {
    [row] = await check(false);
    if (!row) throw new Error('the login check returns one row');
  }
  if (row.addressKey === null) throw new Error('the address row of a login check was neither made nor found');
  const failures = Number(row.addressFailures);
  if (failures >= policy.maxFailuresPerAddress)
    return { address: null, user: null, reserved: false, twoFactorRequired: false, retryAfter };
  return {
    address: { key: row.addressKey, failures },
    user: row.user,
    reserved: row.reserved === true,
    twoFactorRequired: row.twoFactorRequired === true,
    retryAfter,
  };
};

/** Built once per pool and prepared (server/db/prepared.ts): a login runs it at every attempt. */
const prepareLoginCheck = (db: Database) => loginCheckStatement(db, false).prepare('hold_login_check');

/** The same with the login's rate limit counted in front (reserveLoginCheck's `limit`). */
const prepareLimitedLoginCheck = (db: Database) =>
  loginCheckStatement(db, true).prepare('hold_limited_login_check');

/**
 * The login check's statement; `limited`: a first CTE counts the call's rate limit (rateLimit.ts
 * countInWindowStatement), the statement answers its count and window, and nothing after it runs when that count is
 * over the limit (`rateMax`).
 */
const loginCheckStatement = (db: Database, limited: boolean) => {
  const moment: Moment = {
    now: sql`${sql.placeholder('now')}::timestamptz`,
    windowStart: sql`${sql.placeholder('windowStart')}::timestamptz`,
    maxFailures: sql`${sql.placeholder('maxFailures')}::integer`,
  };
  const sameEmail = sql`lower(${users.email}) = lower(${sql.placeholder('email')}::text)`;
  const rateCounted = db.$with('rate_counted').as(countInWindowStatement(db));
  const withinRate = limited
    ? sql`(select "count" from ${rateCounted}) <= ${sql.placeholder('rateMax')}::bigint`
    : sql`true`;
  // The address's row: made with no failures when it has none (held by this transaction until it ends: a parallel
  // check making it waits), else locked as it is. A row made by a check that committed after this statement began
  // is in neither (reserveLoginCheck reads again).
  const addressMade = db
    .$with('address_made')
    .as(
      db
        .insert(rateLimits)
        .select(sql`select ${addressKeyOf}, ${moment.now}, 0 where ${withinRate}`)
        .onConflictDoNothing({ target: rateLimits.key })
        .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart }),
    );
  const addressHeld = db.$with('address_held').as(
    db
      .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(and(sql`${rateLimits.key} = ${addressKeyOf}`, withinRate))
      .for('update'),
  );
  const addressExpired = sql`${sql.placeholder('addressExpiredBy')}::timestamptz`;
  // The address's failures in its window: none once the window is over.
  const addressFailures = sql`coalesce((select case when "window_start" <= ${addressExpired} then 0 else "count" end from (select * from ${addressMade} union all select * from ${addressHeld}) as address limit 1), 0)`;
  const addressKey = sql<
    string | null
  >`coalesce((select "key" from ${addressMade}), (select "key" from ${addressHeld}))`;
  // The account is read only when the address may check: its row locked and read as it is once no other check
  // holds it (a locking read sees the newest row, unlike the statement's snapshot).
  const addressAllowed = sql`${addressKey} is not null and ${addressFailures} < ${sql.placeholder('addressMaxFailures')}::integer`;
  const account = db.$with('account').as(
    db
      .select({
        ...loginUserColumns,
        failedAttempts: users.failedAttempts,
        failedWindowStart: users.failedWindowStart,
        lockedUntil: users.lockedUntil,
      })
      .from(users)
      .where(and(sameEmail, addressAllowed))
      .for('no key update'),
  );
  const accountWindowOpen = sql`${account.failedWindowStart} is not null and ${account.failedWindowStart} > ${moment.windowStart}`;
  const accountMayCheck = sql`${account.id} is not null and (${account.lockedUntil} is null or ${account.lockedUntil} <= ${moment.now}) and not (${accountWindowOpen} and ${account.failedAttempts} >= ${moment.maxFailures})`;
  // Writes a row only when no account has the e-mail: its check always fails, so it is counted at once.
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
    ? [rateCounted, addressMade, addressHeld, account, unknownCounted]
    : [addressMade, addressHeld, account, unknownCounted];
  const { id, email, screenName, locale, passwordHash, credentialEpoch, twoFactorEnabled } = account;
  return (
    db
      .with(...ctes)
      .select({
        rateCount: limited ? sql<number | null>`(select "count" from ${rateCounted})` : sql<null>`null`,
        rateWindowStart: limited
          ? sql<Date | null>`(select "window_start" from ${rateCounted})`.mapWith(rateLimits.windowStart)
          : sql<null>`null`,
        addressKey,
        addressFailures: sql<number>`${addressFailures}`,
        user: {
          id,
          email,
          screenName,
          locale,
          passwordHash,
          credentialEpoch,
          twoFactorEnabled,
          totpSecret: account.totpSecret,
          totpPendingSecret: account.totpPendingSecret,
        },
        reserved: sql<boolean>`(${accountMayCheck} or exists (select 1 from ${unknownCounted}))`,
        twoFactorRequired: sql<boolean>`${account.id} is not null and ${enforcedTwoFactor(db, account.id)}`,
      })
      // One row whether or not an account has the e-mail, so the unknown e-mail's count is read too.
      .from(sql`(select 1) as one`)
      .leftJoin(account, sql`true`)
      .limit(1)
  );
};

/**
 * A password check of the login failed: counted before its transaction commits, for the calling address (a new
 * window when the last one is over or held no failure) and, with `userId`, for the account (an e-mail no account
 * has was counted by reserveLoginCheck already). Both rows are held by the transaction, so the counts are exact.
 */
export const countLoginFailure = async (
  tx: Database,
  db: Database,
  address: AddressHold,
  userId: number | null,
  now: Date,
  policy: LockoutPolicy,
): Promise<void> => {
  await inTransaction(preparedOnce(db, 'count_login_failure', prepareLoginFailure), tx).execute({
    addressKey: address.key,
    userId,
    now: now.toISOString(),
    windowStart: new Date(now.getTime() - policy.windowMs).toISOString(),
    addressExpiredBy: new Date(now.getTime() - policy.windowMs).toISOString(),
  });
};

const prepareLoginFailure = (db: Database) => {
  const moment: Moment = {
    now: sql`${sql.placeholder('now')}::timestamptz`,
    windowStart: sql`${sql.placeholder('windowStart')}::timestamptz`,
    maxFailures: sql`0`,
  };
  const newWindow = sql`(${rateLimits.windowStart} <= ${sql.placeholder('addressExpiredBy')}::timestamptz or ${rateLimits.count} = 0)`;
  const addressFailed = db.$with('address_failed').as(
    db
      .update(rateLimits)
      .set({
        count: sql`case when ${newWindow} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${newWindow} then ${moment.now} else ${rateLimits.windowStart} end`,
      })
      .where(eq(rateLimits.key, sql.placeholder('addressKey')))
      .returning({ key: rateLimits.key }),
  );
  // After the address's row, in the order the check locked them.
  const accountFailed = db.$with('account_failed').as(
    db
      .update(users)
      .set(countOneCheck(moment))
      .where(
        and(
          sql`${users.id} = ${sql.placeholder('userId')}::integer`,
          sql`(select count(*) from ${addressFailed}) >= 0`,
        ),
      )
      .returning({ id: users.id }),
  );
  return db
    .with(addressFailed, accountFailed)
    .select({ counted: sql<number>`(select count(*) from ${accountFailed})::integer` })
    .from(sql`(select 1) as one`)
    .prepare('count_login_failure');
};

/** A check that passed gives its count back: only failures use up the hour's checks. */
const releaseCheck = async (db: Database, userId: number): Promise<void> => {
  await db
    .update(users)
    .set({ failedAttempts: sql`greatest(${users.failedAttempts} - 1, 0)` })
    .where(eq(users.id, userId));
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

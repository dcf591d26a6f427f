/**
 * The first stage of the lockout (docs/decisions/security.md: Lockout): checks of one e-mail from one calling address. After
 * maxFailuresPerAddress failures within the window that address is refused for that e-mail until the window ends,
 * while the owner elsewhere still logs in. Counted in rate_limits, keyed by keyed digests (countKeys.ts) of the
 * normalised e-mail and of the calling address (neither in clear), in one conditional upsert before the check runs, so parallel
 * attempts are counted one by one under the row's lock (the discipline of server/rateLimit.ts DatabaseRateLimiter).
 * Known and unknown e-mails run the same statement.
 *
 * The key also holds a short digest of the account's password hash: a new password (a reset proves the mailbox)
 * starts new counts, so the owner who mistyped ten times and then reset is not kept out by their own mistakes.
 * The key is fixed when the statement starts, so parallel attempts all count on the same row.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { rateLimits, users } from '../db/schema';
import { countDigest } from './countKeys';
import type { LockoutPolicy } from './lockout';

/** Who tries: the e-mail as sent (or the account's) and the calling address (server/http/clientIp.ts). */
export interface Caller {
  email: string;
  address: string;
}

/** Every lockout key starts so; rateLimit.ts's sweep leaves them to sweepLockoutKeys. */
export const LOCKOUT_KEY_PREFIX = 'lockout-';

/**
 * A keyed digest of the e-mail as the login compares it (trimmed, without case): the key never holds the address,
 * nor a plain hash a copy of the table could test guesses against (countKeys.ts).
 */
const emailDigest = (email: string): string => countDigest(`e-mail ${email.trim().toLowerCase()}`);

/** The account's password generation as SQL: a digest of its hash ('-' for no account, or no password). */
const passwordGeneration = sql`coalesce((select left(encode(sha256(convert_to(${users.passwordHash}, 'UTF8')), 'hex'), 16) from ${users} where lower(${users.email}) = lower(${sql.placeholder('email')}::text)), '-')`;

/** The row's key: the e-mail's digest, the account's password generation, the address (the parts as placeholders). */
export const addressKeyOf = sql`${sql.placeholder('keyHead')}::text || ${passwordGeneration} || ${sql.placeholder('keyTail')}::text`;

/** A counted check of one address: the count including it, and the row to give it back to. */
export interface AddressReservation {
  count: number;
  key: string;
}

/** The counter of an e-mail no account has (lockout.ts reserveLoginCheck): the account-wide stage for nobody. */
export const unknownAccountKey = (email: string) => `${LOCKOUT_KEY_PREFIX}account ${emailDigest(email)}`;

/** Finished lockout windows are deleted about once every this many reservations. */
const SWEEP_ONE_IN = 1000;

/**
 * The values of addressCheckStatement's placeholders for one check (the login's own statement, lockout.ts
 * reserveLoginCheck, takes the same values for its address's row).
 */
export const addressCheckValues = (caller: Caller, now: Date, policy: LockoutPolicy) => ({
  keyHead: `${LOCKOUT_KEY_PREFIX}address ${emailDigest(caller.email)} `,
  email: caller.email.trim(),
  keyTail: ` ${countDigest(`address ${caller.address}`)}`,
  now: now.toISOString(),
  addressExpiredBy: new Date(now.getTime() - policy.windowMs).toISOString(),
  addressMaxFailures: policy.maxFailuresPerAddress,
});

/** About once every SWEEP_ONE_IN checks, the finished lockout windows go (sweepLockoutKeys). */
export const sweepLockoutKeysNowAndThen = async (db: Database, now: Date, policy: LockoutPolicy) => {
  if (Math.random() * SWEEP_ONE_IN < 1) await sweepLockoutKeys(db, now, policy);
};

/**
 * Counts one check of this e-mail from this address BEFORE it runs: the count including this check, or null when
 * the address has spent its checks of the window (refuse without checking). A count of maxFailuresPerAddress means
 * this check is the last one: if it fails, the answer says locked. (A password login holds its row within its
 * transaction instead: lockout.ts reserveLoginCheck.)
 */
export const reserveAddressCheck = async (
  db: Database,
  caller: Caller,
  now: Date,
  policy: LockoutPolicy,
): Promise<AddressReservation | null> => {
  const [row] = await preparedOnce(db, 'reserve_address_check', prepareAddressCheck).execute(
    addressCheckValues(caller, now, policy),
  );
  await sweepLockoutKeysNowAndThen(db, now, policy);
  return row ?? null;
};

/**
 * The conditional upsert that counts a check of an address, with placeholders (addressCheckValues). Its rows: the
 * count and key, none when refused. (A password login holds its address's row instead: lockout.ts
 * reserveLoginCheck.)
 */
const addressCheckStatement = (db: Database) => {
  const at = sql`${sql.placeholder('now')}::timestamptz`;
  const expired = sql`${rateLimits.windowStart} <= ${sql.placeholder('addressExpiredBy')}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({ key: addressKeyOf, windowStart: at, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${at} else ${rateLimits.windowStart} end`,
      },
      setWhere: sql`${expired} or ${rateLimits.count} < ${sql.placeholder('addressMaxFailures')}::integer`,
    })
    .returning({ count: rateLimits.count, key: rateLimits.key });
};

/** Built once per pool and prepared (server/db/prepared.ts): every code check runs it. */
const prepareAddressCheck = (db: Database) => addressCheckStatement(db).prepare('reserve_address_check');

/** A check that passed, or was never run, gives its count back. */
export const releaseAddressCheck = async (db: Database, reservation: AddressReservation): Promise<void> => {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, reservation.key));
};

/**
 * Deletes lockout counters whose window and lock are both over (a scan of many e-mails cannot fill the table); also
 * run on a timer by server/retentionSweep.ts.
 */
export const sweepLockoutKeys = async (db: Database, now: Date, policy: LockoutPolicy): Promise<void> => {
  const over = new Date(now.getTime() - policy.windowMs - policy.lockMs).toISOString();
  await db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.key} like ${`${LOCKOUT_KEY_PREFIX}%`} and ${rateLimits.windowStart} < ${over}::timestamptz`,
    );
};

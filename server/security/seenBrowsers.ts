/**
 * 'A sign-in from a browser not seen before on this account' (docs/decisions/security.md: Security notices: a browser not
 * seen before). A browser is its family and system as the sessions list reads them, without versions (an update is
 * not a new browser): "Firefox on Linux". Each sign-in remembers the pair for the user in the rate_limits table
 * (any namespaced text key, no new table) as a digest, so no user agent is kept beyond what sessions keep, and the
 * row's time is the last sign-in with it, to within a day (SEEN_BROWSER_STEP_MS: a login writes it at most daily). Seen means signed in with it within SEEN_BROWSER_MS.
 */
import { and, gte, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { rateLimits } from '../db/schema';
import { browserFamily } from '../userAgent';
import { sha256Hex } from './crypto';

export const SEEN_BROWSER_KEY_PREFIX = 'seen-browser:';

/** How long a browser stays known without a sign-in from it. */
export const SEEN_BROWSER_MS = 180 * 24 * 60 * 60 * 1000;

/** A browser's row is written again at most this often: its time is the last sign-in with it, to within this. */
const SEEN_BROWSER_STEP_MS = 24 * 60 * 60 * 1000;

/** 'first': the account's first sign-in we know of (a new account), never a notice; 'new': a notice goes out. */
export type SignInBrowser = 'first' | 'seen' | 'new';

const userPrefix = (userId: number) => `${SEEN_BROWSER_KEY_PREFIX}${userId}:`;

/**
 * The sign-in browser's memory as SQL built with placeholders (seenBrowserValues gives them): `forgotten` and
 * `remembered`, data-modifying CTEs, and `known`, the condition of the rows to read after them. Sent as ONE statement
 * (a login's round trips are few, docs/decisions/operations.md: Login statements; the login sends it inside its last one,
 * server/security/loginFinish.ts): browsers not used for longer than the window are forgotten, so the rows of a user
 * stay few, and this one is remembered. Every part sees the table as it was before the statement, so `known` reads
 * the browsers seen within the window before this sign-in. This browser's own row is left to the upsert (a row
 * changed twice in one statement is undefined); a stale one is not counted as seen, just as if it had been forgotten
 * first.
 */
export const seenBrowserStatements = (db: Database) => {
  const key = sql`${sql.placeholder('browserKey')}::text`;
  const now = sql`${sql.placeholder('browserNow')}::timestamptz`;
  const cutoff = sql`${sql.placeholder('browserCutoff')}::timestamptz`;
  const ofUser = sql`${rateLimits.key} like ${sql.placeholder('browserKeys')}::text`;
  const forgotten = db.$with('forgotten').as(
    db
      .delete(rateLimits)
      .where(and(ofUser, lt(rateLimits.windowStart, cutoff), ne(rateLimits.key, key)))
      .returning({ key: rateLimits.key }),
  );
  // The last sign-in's time to within a day: a browser that signed in the same day writes (and locks) nothing.
  const stale = sql`${sql.placeholder('browserStale')}::timestamptz`;
  const remembered = db.$with('remembered').as(
    db
      .insert(rateLimits)
      .select(
        sql`select ${key}, ${now}, 1 where not exists (select 1 from ${rateLimits} where ${rateLimits.key} = ${key} and ${rateLimits.windowStart} >= ${stale})`,
      )
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { windowStart: now },
        setWhere: lt(rateLimits.windowStart, stale),
      })
      .returning({ key: rateLimits.key }),
  );
  return { forgotten, remembered, known: and(ofUser, gte(rateLimits.windowStart, cutoff)) };
};

/** The values of seenBrowserStatements for a sign-in, and its key (for seenBrowserOf). */
export const seenBrowserValues = (userId: number, userAgent: string | null, now: Date) => {
  const prefix = userPrefix(userId);
  const key = `${prefix}${sha256Hex(browserFamily(userAgent))}`;
  return {
    key,
    values: {
      browserKey: key,
      browserNow: now.toISOString(),
      browserCutoff: new Date(now.getTime() - SEEN_BROWSER_MS).toISOString(),
      browserStale: new Date(now.getTime() - SEEN_BROWSER_STEP_MS).toISOString(),
      browserKeys: `${prefix}%`,
    },
  };
};

/** What the rows `known` read say of the sign-in with this browser key. */
export const seenBrowserOf = (known: { key: string }[], key: string): SignInBrowser => {
  if (known.length === 0) return 'first';
  return known.some((row) => row.key === key) ? 'seen' : 'new';
};

/** Remembers the browser of a sign-in and answers whether the account had seen it. */
export const rememberSignInBrowser = async (
  db: Database,
  userId: number,
  userAgent: string | null,
  now: Date,
): Promise<SignInBrowser> => {
  const { key, values } = seenBrowserValues(userId, userAgent, now);
  const known = await preparedOnce(db, 'remember_sign_in_browser', prepareRemember).execute(values);
  return seenBrowserOf(known, key);
};

const prepareRemember = (db: Database) => {
  const { forgotten, remembered, known } = seenBrowserStatements(db);
  return db
    .with(forgotten, remembered)
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(known)
    .prepare('remember_sign_in_browser');
};

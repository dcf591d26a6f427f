/**
 * 'A sign-in from a browser not seen before on this account' (docs/decisions.md: Security notices: a browser not
 * seen before). A browser is its family and system as the sessions list reads them, without versions (an update is
 * not a new browser): "Firefox on Linux". Each sign-in remembers the pair for the user in the rate_limits table
 * (any namespaced text key, no new table) as a digest, so no user agent is kept beyond what sessions keep, and the
 * row's time is the last sign-in with it. Seen means signed in with it within SEEN_BROWSER_MS.
 */
import { and, gte, like, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { browserFamily } from '../userAgent';
import { sha256Hex } from './crypto';

export const SEEN_BROWSER_KEY_PREFIX = 'seen-browser:';

/** How long a browser stays known without a sign-in from it. */
export const SEEN_BROWSER_MS = 180 * 24 * 60 * 60 * 1000;

/** 'first': the account's first sign-in we know of (a new account), never a notice; 'new': a notice goes out. */
export type SignInBrowser = 'first' | 'seen' | 'new';

const userPrefix = (userId: number) => `${SEEN_BROWSER_KEY_PREFIX}${userId}:`;

/** Remembers the browser of a sign-in and answers whether the account had seen it. */
export const rememberSignInBrowser = async (
  db: Database,
  userId: number,
  userAgent: string | null,
  now: Date,
): Promise<SignInBrowser> => {
  const prefix = userPrefix(userId);
  const key = `${prefix}${sha256Hex(browserFamily(userAgent))}`;
  const cutoff = new Date(now.getTime() - SEEN_BROWSER_MS);
  const ofUser = like(rateLimits.key, `${prefix}%`);
  // One statement (a login's round trips are few, docs/decisions.md: Login statements): browsers not used for
  // longer than the window are forgotten, so the rows of a user stay few, and this one is remembered. Every part
  // sees the table as it was before the statement, so `known` reads the browsers seen within the window before this
  // sign-in. This browser's own row is left to the upsert (a row changed twice in one statement is undefined);
  // a stale one is not counted as seen, just as if it had been forgotten first.
  const forgotten = db.$with('forgotten').as(
    db
      .delete(rateLimits)
      .where(and(ofUser, lt(rateLimits.windowStart, cutoff), ne(rateLimits.key, key)))
      .returning({ key: rateLimits.key }),
  );
  const remembered = db.$with('remembered').as(
    db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: now } })
      .returning({ key: rateLimits.key }),
  );
  const known = await db
    .with(forgotten, remembered)
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(ofUser, gte(rateLimits.windowStart, cutoff)));
  if (known.length === 0) return 'first';
  return known.some((row) => row.key === key) ? 'seen' : 'new';
};

/**
 * 'A sign-in from a browser not seen before on this account' (docs/decisions.md: Security notices: a browser not
 * seen before). A browser is its family and system as the sessions list reads them, without versions (an update is
 * not a new browser): "Firefox on Linux". Each sign-in remembers the pair for the user in the rate_limits table
 * (any namespaced text key, no new table) as a digest, so no user agent is kept beyond what sessions keep, and the
 * row's time is the last sign-in with it. Seen means signed in with it within SEEN_BROWSER_MS.
 */
import { and, like, lt } from 'drizzle-orm';
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
  // Browsers not used for longer than the window are forgotten, so the rows of a user stay few.
  await db
    .delete(rateLimits)
    .where(
      and(
        like(rateLimits.key, `${prefix}%`),
        lt(rateLimits.windowStart, new Date(now.getTime() - SEEN_BROWSER_MS)),
      ),
    );
  const known = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(like(rateLimits.key, `${prefix}%`));
  await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: now } });
  if (known.length === 0) return 'first';
  return known.some((row) => row.key === key) ? 'seen' : 'new';
};

/**
 * Passkey ceremony challenges (docs/decisions/security.md: Passkeys): single use, bound to what asked for them (the session
 * that adds a passkey or steps up with one, or the sign-in attempt's cookie), dead after PASSKEY_CHALLENGE_TTL_MS. They live in the
 * rate_limits table under a namespaced key (`passkey-challenge:<purpose>:<binding>:<challenge>`, window_start the
 * moment it was given), so no table of their own: using one is one DELETE ... RETURNING, which the database runs
 * once however many requests race for it.
 */
import { and, eq, like, lt } from 'drizzle-orm';
import { PASSKEY_CHALLENGE_TTL_MS } from '../../api/contract/passkeys';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

/** Adding a passkey, signing in with one, or the step-up by passkey (bound to the session, as adding is). */
export type ChallengePurpose = 'register' | 'login' | 'stepUp';

const PREFIX = 'passkey-challenge:';
const keyOf = (purpose: ChallengePurpose, binding: string, challenge: string) =>
  `${PREFIX}${purpose}:${binding}:${challenge}`;

/** Keeps a challenge just handed out; those that expired unused are swept on the way. */
export const keepChallenge = async (
  db: Database,
  purpose: ChallengePurpose,
  binding: string,
  challenge: string,
  now: Date,
): Promise<void> => {
  await db
    .delete(rateLimits)
    .where(
      and(
        like(rateLimits.key, `${PREFIX}%`),
        lt(rateLimits.windowStart, new Date(now.getTime() - PASSKEY_CHALLENGE_TTL_MS)),
      ),
    );
  await db.insert(rateLimits).values({ key: keyOf(purpose, binding, challenge), windowStart: now, count: 0 });
};

/**
 * Uses up a challenge: true when it was given for this purpose and binding less than PASSKEY_CHALLENGE_TTL_MS ago
 * and not used before. Whatever the answer, it cannot be used again.
 */
export const spendChallenge = async (
  db: Database,
  purpose: ChallengePurpose,
  binding: string,
  challenge: string,
  now: Date,
): Promise<boolean> => {
  const used = await db
    .delete(rateLimits)
    .where(eq(rateLimits.key, keyOf(purpose, binding, challenge)))
    .returning({ at: rateLimits.windowStart });
  const at = used[0]?.at;
  return at !== undefined && now.getTime() - at.getTime() < PASSKEY_CHALLENGE_TTL_MS;
};

/**
 * A recovery (docs/decisions/security.md: Recovery review): a password reset by mailed link, or an e-mail undo. It restores
 * sole ownership in the transaction of the change itself:
 * - passkeys added by a session the recovery ends, or in the 72 hours before it, are suspended (they sign nobody in
 *   until the owner keeps them);
 * - the credential epoch moves and every session ends, so nobody who held a session or the old password stays in;
 * - the owner's browser gets a recovery-review token, to see every way into the account and keep or remove each.
 * The caller runs it inside its own transaction (`tx`), with the credential change and the notice.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { AUTHENTICATOR_REMOVABLE_HOURS } from '../../api/contract/recovery';
import type { Database } from '../db/client';
import { passkeys, sessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { forgetUserReads } from '../sessionReads';
import { issueToken } from '../tokens';

const HOUR = 3_600_000;

/**
 * Answers the raw recovery-review token for the owner's browser; with `review: false` none (an e-mail undo: the
 * owner sets a new password next, whose reset then opens the review).
 */
export async function beginRecovery(
  deps: Pick<AppDeps, 'clock'> & { db: Database },
  memory: AppDeps,
  userId: number,
): Promise<string>;
export async function beginRecovery(
  deps: Pick<AppDeps, 'clock'> & { db: Database },
  memory: AppDeps,
  userId: number,
  options: { review: false },
): Promise<null>;
export async function beginRecovery(
  deps: Pick<AppDeps, 'clock'> & { db: Database },
  memory: AppDeps,
  userId: number,
  { review = true }: { review?: boolean } = {},
): Promise<string | null> {
  const { db, clock } = deps;
  const now = clock.now();
  const liveSessions = db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  await db
    .update(passkeys)
    .set({ suspendedAt: now })
    .where(
      and(
        eq(passkeys.userId, userId),
        isNull(passkeys.suspendedAt),
        // Added by a session the recovery ends, or by any session in the 72 hours before it (an intruder who added
        // one and signed out at once): the same window as the authenticator's (docs/decisions/security.md: Recovery
        // review). The owner keeps their own in the review.
        or(
          inArray(passkeys.addedSession, liveSessions),
          gt(passkeys.createdAt, new Date(now.getTime() - AUTHENTICATOR_REMOVABLE_HOURS * HOUR)),
        ),
      ),
    );
  await moveCredentialEpoch(db, userId);
  await db.delete(sessions).where(eq(sessions.userId, userId));
  forgetUserReads(memory, userId);
  return review ? issueToken({ db, clock }, { kind: 'recoveryReview', userId }) : null;
}

/**
 * Moves the account's credential epoch (docs/decisions/security.md: Credential epoch): every session made under the one
 * before is dead at its next request, in every process, whatever order concurrent requests commit in.
 */
export const moveCredentialEpoch = async (db: Database, userId: number): Promise<number> => {
  const [row] = await db
    .update(users)
    .set({ credentialEpoch: sql`${users.credentialEpoch} + 1` })
    .where(eq(users.id, userId))
    .returning({ epoch: users.credentialEpoch });
  return row?.epoch ?? 0;
};

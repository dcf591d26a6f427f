/**
 * A recovery (docs/decisions/security.md: Recovery review): a password reset by mailed link, or an e-mail undo. It restores
 * sole ownership in the transaction of the change itself:
 * - passkeys added by a session the recovery ends, or in the 72 hours before it, are suspended (they sign nobody in
 *   until the owner keeps them);
 * - the credential epoch moves and every session ends, so nobody who held a session or the old password stays in;
 * The reset then hands the owner's browser a recovery-review token (server/routes/passwords.ts), to see every way
 * into the account and keep or remove each; the undo asks for a new password first, whose reset does.
 * The caller runs it inside its own transaction (`tx`), with the credential change and the notice.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { AUTHENTICATOR_REMOVABLE_HOURS } from '../../api/contract/recovery';
import type { Database } from '../db/client';
import { passkeys, rememberedDevices, sessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { forgetUserReads } from '../sessionReads';

const HOUR = 3_600_000;

/** Runs inside the caller's transaction (`deps.db` is it); `memory` is the process's, for its session reads. */
export const beginRecovery = async (
  deps: Pick<AppDeps, 'clock'> & { db: Database },
  memory: AppDeps,
  userId: number,
): Promise<void> => {
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
};

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
  // Remembered devices are bound to the epoch and so already dead; their rows go too.
  await db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId));
  return row?.epoch ?? 0;
};

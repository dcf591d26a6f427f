/**
 * Moving a passkey's signature counter and last use after a good assertion (docs/decisions/security.md: Passkeys): one
 * conditional UPDATE, so of two assertions racing with the same count one wins and the other is refused as the
 * clone it would be. False when the counter did not move (the caller refuses and logs a clone).
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { passkeys } from '../db/schema';

export const advanceCounter = async (
  db: Database,
  passkeyId: number,
  newCounter: number,
  now: Date,
): Promise<boolean> => {
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, passkeyId),
        newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  return moved.length > 0;
};

/**
 * Step-up (docs/decisions/security.md: Step-up): a sensitive change (password, e-mail, deleting the account) needs the
 * password, or for an account with two-factor a one-time code, proved in this session within STEP_UP_WINDOW_MS.
 * The proof is kept on the session row, so it dies with the session and no other session shares it.
 */
import { eq } from 'drizzle-orm';
import { STEP_UP_WINDOW_MS } from '../../api/contract/security';
import { sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/problem';

export const markSteppedUp = async (deps: AppDeps, idHash: string): Promise<Date> => {
  const now = deps.clock.now();
  await deps.db.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.idHash, idHash));
  return new Date(now.getTime() + STEP_UP_WINDOW_MS);
};

/** Refuses with step_up_required_error unless this session stepped up within the window. */
export const requireStepUp = async (deps: AppDeps, idHash: string): Promise<void> => {
  const [row] = await deps.db
    .select({ steppedUpAt: sessions.steppedUpAt })
    .from(sessions)
    .where(eq(sessions.idHash, idHash));
  const at = row?.steppedUpAt?.getTime();
  if (at === undefined || deps.clock.now().getTime() - at >= STEP_UP_WINDOW_MS) {
    throw fail('step_up_required_error');
  }
};

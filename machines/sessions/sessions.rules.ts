import type { DeviceSession } from '../../api/contract/security';

/** Other sessions than this one remain in the list. */
export const hasOtherSessions = (sessions: readonly DeviceSession[]): boolean =>
  sessions.some((session) => !session.current);

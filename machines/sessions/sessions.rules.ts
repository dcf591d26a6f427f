/** The sessions flow's rules (machines/form/README.md: File roles). */
import type { ErrorCode } from '../../api/contract/errorCodes';
import type { DeviceSession, EndSessionInput } from '../../api/contract/security';
import type { SessionsContext, SessionsEvent } from './sessions.types';

/** Other sessions than this one remain in the list. */
export const hasOtherSessions = (sessions: readonly DeviceSession[]): boolean =>
  sessions.some((session) => !session.current);

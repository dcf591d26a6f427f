/**
 * The sessions-and-devices list's vocabulary (docs/decisions/security.md: Sessions and devices): what the machine keeps and
 * the events the view sends.
 */
import type { DeviceSession, EndSessionInput } from '../../api/contract/security';
import type { Refusal } from '../form/refusal';

export type { DeviceSession, EndSessionInput };

export interface SessionsMachineInput {
  /** spec 3 twoFactorEnebled of the profile: the step-up asks for a code instead of the password. */
  twoFactorEnabled: boolean;
}

export interface SessionsContext {
  twoFactorEnabled: boolean;
  /** The live sessions of the user, this one among them (`current`). */
  sessions: DeviceSession[];
  /** The row being signed out (its reference, never a session id). */
  ending: string | undefined;
  /** The last failure (spec 8), shown with a retry. */
  error: Refusal | undefined;
}

export type SessionsEvent =
  | { type: 'session.end'; id: string }
  | { type: 'others.end' }
  | { type: 'others.confirm' }
  | { type: 'others.cancel' }
  | { type: 'retry' }
  | { type: 'dismiss' }
  /** The step-up form's Cancel: back to the list, nobody signed out. */
  | { type: 'stepUp.cancel' };

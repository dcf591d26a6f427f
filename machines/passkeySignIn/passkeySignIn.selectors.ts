import type { SnapshotFrom } from 'xstate';
import type { CeremonyRefusal, PasskeyRefusal } from '../form/ceremonyRefusal';
import type { Refusal } from '../form/refusal';
import type { passkeySignInMachine } from './passkeySignIn.machine';

type Snapshot = SnapshotFrom<typeof passkeySignInMachine>;

/** The refused.* states the browser's refusals end in (each its own state: the context keeps only the server's). */
const BROWSER_REFUSALS = [
  'cancelled',
  'timedOut',
  'notSupported',
] as const satisfies readonly PasskeyRefusal[];

/**
 * Why no passkey signed in, for the view to say (ui/form refusalText): the server's refusal when it sent one
 * (refused.locked, refused.rateLimited, refused.invalid after its check), else the browser's by its state; any
 * other ending is 'invalid'. Undefined while nothing was refused.
 */
export const passkeySignInRefusal = (s: Snapshot): Refusal | CeremonyRefusal | undefined => {
  if (!s.matches('refused')) return undefined;
  if (s.context.error) return s.context.error;
  const reason = BROWSER_REFUSALS.find((name) => s.matches({ refused: name })) ?? 'invalid';
  return { ceremony: 'signIn', reason };
};

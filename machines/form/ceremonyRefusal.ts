/**
 * The form kit's reading of a passkey ceremony (machines/form/README.md), shared by the sign-in (passkeySignIn), a
 * passkey added (addPasskey) and a step-up by passkey (stepUp). Why a passkey ceremony ended without a passkey, read from what the browser threw (W3C WebAuthn error names, as
 * @simplewebauthn/browser passes them on in `name` or `cause.name`). Browsers answer NotAllowedError both when the
 * user cancels and when the ceremony times out, so the ceremony (api/passkeyCeremony.ts) renames it TimeoutError
 * when its time was up.
 */

export type PasskeyRefusal = 'cancelled' | 'timedOut' | 'notSupported' | 'alreadyRegistered' | 'invalid';

const nameOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, cause } = error as { name?: unknown; cause?: { name?: unknown } };
  if (typeof cause?.name === 'string' && cause.name !== 'Error') return cause.name;
  return typeof name === 'string' ? name : undefined;
};

/** The refusal a ceremony's error means; anything that is not the browser's (a failed call) is 'invalid'. */
export const ceremonyRefusalOf = (error: unknown): PasskeyRefusal => {
  switch (nameOf(error)) {
    case 'NotAllowedError':
    case 'AbortError':
      return 'cancelled';
    case 'TimeoutError':
      return 'timedOut';
    case 'NotSupportedError':
      return 'notSupported';
    case 'InvalidStateError':
      return 'alreadyRegistered';
    default:
      return 'invalid';
  }
};

/** A guard: the ceremony's error (an invoked actor's `error` event) means `refusal`. */
export const ceremonyRefusedAs =
  (refusal: PasskeyRefusal) =>
  ({ event }: { event: unknown }): boolean =>
    ceremonyRefusalOf((event as { error?: unknown }).error) === refusal;

/** The ceremony a refusal ended: its words say what the person can do next there (ui/form refusalText). */
export type PasskeyCeremony = 'signIn' | 'adding' | 'stepUp';

/** A ceremony's refusal as a view shows it: which ceremony, and why it ended without a passkey. */
export interface CeremonyRefusal {
  ceremony: PasskeyCeremony;
  reason: PasskeyRefusal;
}

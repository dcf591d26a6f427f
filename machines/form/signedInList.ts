/**
 * The states a /me list shares around its rows (sessions, passkeys, remembered devices, security activity): its
 * load that failed, with a retry (docs/decisions/product.md: Profile and lists), and the 401 that means this session
 * has ended elsewhere, so the route goes to /login (docs/decisions/security.md: Sessions and devices). Like
 * `machines/stepUp/stepUpAround.ts`, the states stay in each flow under the same names, so its diagram, model paths
 * and view read them where they happen; only their shape is written once.
 *
 * A list's setup spreads `SIGNED_IN_GUARDS` and has an action `signedOut` (the effect the route provides); each of
 * its calls lists `whenSignedOut` first in its onError, and its states include `loadFailed: loadFailedState(...)` and
 * `signedOut: signedOutState(...)`.
 */
import { failureOf } from '../../api/contract/errorCodes';

/** The one guard: the server answered 401 (unknown_credential_error), the session is gone. */
export const SIGNED_IN_GUARDS = {
  isSignedOut: ({ event }: { event: object }) => failureOf(event).code === 'unknown_credential_error',
};

/** The first branch of a /me list call's onError: a 401 ends the list, on to /login. */
export const whenSignedOut = { guard: 'isSignedOut', target: 'signedOut' } as const;

/** The list could not be loaded: said quietly with a retry, which forgets the failure and loads again. */
export const loadFailedState = <Forget extends string>(forget: Forget) =>
  ({
    description:
      'docs/decisions/product.md: Profile and lists: a list that failed to load says so, with a retry',
    on: { retry: { target: 'loading', actions: forget } },
  }) as const;

/** This session has ended (a 401, or the list's own sign-out of this device): final, the route goes to /login. */
export const signedOutState = (description: string) =>
  ({ description, type: 'final', entry: 'signedOut' }) as const;

/**
 * A row's action failed (a sign-out, forgetting a device): said with the server's words (ui/me/security/
 * ActionFailure.tsx); 'Try again' sends it `again`, 'Leave it' goes back to the list. Both forget the failure.
 */
export const actionFailedState = <Again extends string>({
  description,
  again,
}: {
  description: string;
  again: Again;
}) =>
  ({
    description,
    on: {
      retry: { target: again, actions: 'forgetFailure' },
      dismiss: { target: 'showing', actions: 'forgetFailure' },
    },
  }) as const;

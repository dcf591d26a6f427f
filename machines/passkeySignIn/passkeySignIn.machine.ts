import { assign, fromPromise, setup } from 'xstate';
import type { LoginResult } from '../../api/contract/auth';
import { failureOf } from '../../api/contract/errorCodes';
import type { PasskeyAuthenticationResponseWire } from '../../api/contract/passkeys';
import { ceremonyRefusedAs } from '../form/ceremonyRefusal';
import { output } from '../form/output';
import { pageRefusal, type Refusal } from '../form/refusal';

const serverSaid =
  (code: string) =>
  ({ event }: { event: object }) =>
    failureOf(event).code === code;

/** What the browser offers: a passkey button (WebAuthn at all), the e-mail field's autofill (conditional UI). */
export interface PasskeySupport {
  button: boolean;
  autofill: boolean;
}

export interface PasskeySignInContext {
  credential: PasskeyAuthenticationResponseWire | undefined;
  /** The server's code when it refused the passkey (spec 8), e.g. account_locked_error; the browser's refusals
   * are the refused.* state alone. */
  error: Refusal | undefined;
}

/**
 * Signing in with a passkey on /login (docs/decisions/security.md: Passkeys): 'Sign in with a passkey' and, where the
 * browser has it, the e-mail field's autofill. The browser's ceremony and the server's check are provided actors:
 * - `detectSupport` (no input) answers PasskeySupport;
 * - `autofill` waits for a passkey picked from the e-mail field's autofill (conditional mediation) and answers it;
 * - `askBrowser` runs the ceremony behind the button and answers the browser's credential;
 * - `verify` ({ credential }) signs in and answers the login's LoginResult.
 * Ceremony errors are read by ceremonyRefusalOf, each refusal its own refused.* state; a refused check keeps the
 * server's code. `signedIn` ({ redirectUrl })
 * is the whole-page navigation, provided by the route as the password login's.
 */
export const passkeySignInMachine = setup({
  types: {} as {
    context: PasskeySignInContext;
    events: { type: 'SIGN_IN' };
    tags: 'busy';
  },
  actors: {
    detectSupport: fromPromise<PasskeySupport>(async () => {
      throw new Error('actor detectSupport must be provided');
    }),
    autofill: fromPromise<PasskeyAuthenticationResponseWire>(async () => {
      throw new Error('actor autofill must be provided');
    }),
    askBrowser: fromPromise<PasskeyAuthenticationResponseWire>(async () => {
      throw new Error('actor askBrowser must be provided');
    }),
    verify: fromPromise<LoginResult, { credential: PasskeyAuthenticationResponseWire }>(async () => {
      throw new Error('actor verify must be provided');
    }),
  },
  guards: {
    hasAutofill: (_, support: PasskeySupport) => support.autofill,
    hasButton: (_, support: PasskeySupport) => support.button,
    browserCancelled: ceremonyRefusedAs('cancelled'),
    browserTimedOut: ceremonyRefusedAs('timedOut'),
    browserNotSupported: ceremonyRefusedAs('notSupported'),
    isLocked: serverSaid('account_locked_error'),
    isRateLimited: serverSaid('rate_limited_error'),
  },
  actions: {
    keepCredential: assign((_, credential: PasskeyAuthenticationResponseWire) => ({ credential })),
    clearRefusal: assign({ error: undefined }),
    showServerRefusal: assign({ error: ({ event }) => pageRefusal(failureOf(event)) }),
    /** The whole page goes to the login's target: provided by the route. */
    signedIn: (_, _params: { redirectUrl: string | null }) => {
      throw new Error('action signedIn must be provided');
    },
  },
}).createMachine({
  id: 'passkeySignIn',
  description:
    "docs/decisions/security.md Passkeys: /login's 'Sign in with a passkey' button and the e-mail field's autofill, where the browser has WebAuthn; success goes where a password login goes",
  context: { credential: undefined, error: undefined },
  initial: 'detecting',
  states: {
    detecting: {
      description: 'Asks the browser whether it has WebAuthn and the autofill; no passkey button meanwhile',
      invoke: {
        id: 'detectSupport',
        src: 'detectSupport',
        onDone: [
          { guard: { type: 'hasAutofill', params: output }, target: 'offeringAutofill' },
          { guard: { type: 'hasButton', params: output }, target: 'idle' },
          { target: 'notSupported' },
        ],
        onError: 'notSupported',
      },
    },
    notSupported: {
      description: 'This browser has no WebAuthn: no passkey button, the password form only',
    },
    idle: {
      description: "The 'Sign in with a passkey' button, ready",
      on: { SIGN_IN: 'askingBrowser' },
    },
    offeringAutofill: {
      description:
        "The button, and the e-mail field offers this site's passkeys in its autofill; picking one signs in",
      invoke: {
        id: 'autofill',
        src: 'autofill',
        onDone: { target: 'verifying', actions: { type: 'keepCredential', params: output } },
        // An autofill the browser ended (another ceremony began, or it gave up) leaves the button.
        onError: 'idle',
      },
      on: { SIGN_IN: 'askingBrowser' },
    },
    askingBrowser: {
      description:
        "The browser's passkey dialog is open (choose a passkey, unlock it); the button shows it is busy",
      tags: ['busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'askBrowser',
        src: 'askBrowser',
        onDone: { target: 'verifying', actions: { type: 'keepCredential', params: output } },
        onError: [
          // The options call (POST /api/login/passkey/options) shares the password login's rate limit.
          { guard: 'isRateLimited', target: 'refused.rateLimited', actions: 'showServerRefusal' },
          { guard: 'browserCancelled', target: 'refused.cancelled' },
          { guard: 'browserTimedOut', target: 'refused.timedOut' },
          { guard: 'browserNotSupported', target: 'refused.notSupported' },
          // Any other browser error (SecurityError, a failed options call…): nothing the user can fix but a retry.
          { target: 'refused.invalid' },
        ],
      },
    },
    verifying: {
      description: 'The server checks the passkey; the button shows it is busy',
      tags: ['busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ credential: context.credential as PasskeyAuthenticationResponseWire }),
        onDone: {
          target: 'done',
          actions: {
            type: 'signedIn',
            params: ({ event }) => ({ redirectUrl: event.output.redirectUrl }),
          },
        },
        onError: [
          { guard: 'isLocked', target: 'refused.locked', actions: 'showServerRefusal' },
          { guard: 'isRateLimited', target: 'refused.rateLimited', actions: 'showServerRefusal' },
          { target: 'refused.invalid', actions: 'showServerRefusal' },
        ],
      },
    },
    refused: {
      description:
        'docs/decisions/security.md: Passkeys: says why no passkey signed in; the button and the password form stay usable',
      on: { SIGN_IN: 'askingBrowser' },
      initial: 'cancelled',
      states: {
        cancelled: {
          description:
            "docs/decisions/security.md: Passkeys: the browser's dialog was closed (NotAllowedError, AbortError)",
        },
        timedOut: {
          description: "docs/decisions/security.md: Passkeys: the browser's dialog ran out of time",
        },
        notSupported: {
          description:
            'docs/decisions/security.md: Passkeys: this browser or device cannot use a passkey here (NotSupportedError)',
        },
        invalid: {
          description:
            'docs/decisions/security.md: Passkeys: the server refused the passkey (passkey_invalid_error, a failed call: its code is kept) or the browser failed otherwise',
        },
        locked: {
          description:
            'spec 8 account_locked_error, docs/decisions/security.md: Passkeys: the account is locked after too many failed checks; a passkey is refused as a password is',
        },
        rateLimited: {
          description:
            "spec 8 rate_limited_error, docs/decisions/security.md: Passkeys: too many sign-in attempts from here (the password login's `login` limit)",
        },
      },
    },
    done: {
      description: 'Signed in: the whole page goes where a password login goes (next, redirectUrl, else /me)',
      type: 'final',
    },
  },
});

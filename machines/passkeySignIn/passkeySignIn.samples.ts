/** The passkeySignIn model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { browserRefused, type ModelSamples, refusal } from '../../test/model/samples';
import type { passkeySignInMachine } from './passkeySignIn.machine';

/** What the browser hands over: its shape only matters to the server. */
const CREDENTIAL = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' },
};

export const passkeySignInSamples = {
  events: {
    SIGN_IN: [{}],
    'xstate.done.actor.detectSupport': [
      { output: { button: true, autofill: true } },
      { output: { button: true, autofill: false } },
      { output: { button: false, autofill: false } },
    ],
    'xstate.error.actor.detectSupport': [{ error: new Error('no WebAuthn') }],
    'xstate.done.actor.autofill': [{ output: CREDENTIAL }],
    'xstate.error.actor.autofill': [browserRefused('AbortError')],
    'xstate.done.actor.askBrowser': [{ output: CREDENTIAL }],
    'xstate.error.actor.askBrowser': [
      browserRefused('NotAllowedError'),
      browserRefused('TimeoutError'),
      browserRefused('NotSupportedError'),
      browserRefused('SecurityError'),
      refusal('rate_limited_error'),
    ],
    'xstate.done.actor.verify': [{ output: { redirectUrl: null } }],
    'xstate.error.actor.verify': [
      refusal('passkey_invalid_error'),
      refusal('account_locked_error'),
      refusal('rate_limited_error'),
    ],
  },
  paths: 'everySnapshot',
} satisfies ModelSamples<typeof passkeySignInMachine>;

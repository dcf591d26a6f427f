/** The stepUp model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */

import type { SnapshotFrom } from 'xstate';
import { browserRefused, type ModelSamples, refusal } from '../../test/model/samples';
import type { stepUpMachine } from './stepUp.machine';

export const VALID_UNTIL = '2026-11-24T12:10:00.000Z';

/** What the browser hands over: its shape only matters to the server. */
const CREDENTIAL = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' },
};

export const stepUpSamples = {
  input: { twoFactorEnabled: false },
  events: {
    // What the form shows is typed: the password, or a code.
    'field.change': (snapshot: SnapshotFrom<typeof stepUpMachine>) =>
      snapshot.context.method === 'password'
        ? [{ field: 'password' as const, value: 'correct horse' }]
        : [{ field: 'otpCode' as const, value: '123456' }],
    'xstate.done.actor.stepUp': [{ output: { validUntil: VALID_UNTIL } }],
    'xstate.error.actor.stepUp': [
      refusal('unknown_credential_error'),
      refusal('account_locked_error'),
      refusal('rate_limited_error'),
      refusal('unknown_server_error'),
      // Two-factor was turned on since the page read the profile.
      refusal('auth_otp_code_is_required_error'),
    ],
    // The user has a passkey (and the browser WebAuthn), or not; or the list could not be read.
    'xstate.done.actor.hasPasskey': [{ output: true }, { output: false }],
    'xstate.error.actor.hasPasskey': [refusal('unknown_server_error')],
    'xstate.done.actor.askPasskey': [{ output: CREDENTIAL }],
    'xstate.error.actor.askPasskey': [
      browserRefused('NotAllowedError'),
      browserRefused('TimeoutError'),
      browserRefused('SecurityError'),
      refusal('passkey_not_found_error'),
      refusal('rate_limited_error'),
    ],
    'xstate.done.actor.verifyPasskey': [{ output: { validUntil: VALID_UNTIL } }],
    'xstate.error.actor.verifyPasskey': [
      refusal('passkey_invalid_error'),
      refusal('account_locked_error'),
      refusal('rate_limited_error'),
    ],
  },
} satisfies ModelSamples<typeof stepUpMachine>;

/** The same flow for an account with two-factor (a code, not the password). */
export const stepUpCodeSamples = {
  ...stepUpSamples,
  input: { twoFactorEnabled: true },
  events: {
    ...stepUpSamples.events,
    // The passkey's own paths are walked once, with the password account's.
    'xstate.done.actor.hasPasskey': [{ output: false }],
    'xstate.error.actor.stepUp': [
      refusal('unknown_auth_otp_code_error'),
      refusal('auth_otp_clock_drift_error', { details: { minutes: 3 } }),
      // Two-factor was turned off since: the server asks for the password (its field error on pwd).
      refusal('unknown_server_error', {
        fieldErrors: [{ field: 'password', code: 'any.required', message: '' }],
      }),
    ],
  },
} satisfies ModelSamples<typeof stepUpMachine>;

/** The stepUp model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */

import type { SnapshotFrom } from 'xstate';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { stepUpMachine } from './stepUp.machine';

export const VALID_UNTIL = '2026-11-24T12:10:00.000Z';

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
  },
} satisfies ModelSamples<typeof stepUpMachine>;

/** The same flow for an account with two-factor (a code, not the password). */
export const stepUpCodeSamples = {
  ...stepUpSamples,
  input: { twoFactorEnabled: true },
  events: {
    ...stepUpSamples.events,
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

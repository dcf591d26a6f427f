/** The setPassword model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { setPasswordMachine } from './setPassword.machine';

const events = {
  'field.change': [
    { field: 'newPassword' as const, value: 'abc' },
    { field: 'newPassword' as const, value: 'correct horse' },
  ],
  'xstate.done.actor.checkResetToken': [{ output: undefined }],
  'xstate.error.actor.checkResetToken': [refusal('forgot_password_token_invalid_error')],
  'xstate.done.actor.setNewPassword': [{ output: { reviewToken: 'review-token' } }],
  'xstate.error.actor.setNewPassword': [
    refusal('forgot_password_token_invalid_error'),
    refusal('unknown_server_error'),
  ],
  // The review ends by Done, or because its token was refused (its half hour ran out).
  'xstate.done.actor.recoveryReview': [{ output: { expired: false } }, { output: { expired: true } }],
};

export const setPasswordSamples = {
  input: { token: 'reset-token' },
  events,
} satisfies ModelSamples<typeof setPasswordMachine>;

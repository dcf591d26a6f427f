/** The changePassword model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { changePasswordMachine } from './changePassword.machine';

export const changePasswordSamples = {
  input: { twoFactorEnabled: false },
  events: {
    // A new password, its confirmation, and a confirmation that differs.
    'field.change': [
      { field: 'newPassword' as const, value: 'correct horse battery' },
      { field: 'confirmation' as const, value: 'correct horse battery' },
      { field: 'confirmation' as const, value: 'correct horse' },
    ],
    'xstate.done.actor.changePassword': [{ output: undefined }],
    'xstate.error.actor.changePassword': [refusal('step_up_required_error'), refusal('rate_limited_error')],
    'xstate.done.actor.stepUp': [{ output: { validUntil: '2026-11-24T12:10:00.000Z' } }],
  },
} satisfies ModelSamples<typeof changePasswordMachine>;

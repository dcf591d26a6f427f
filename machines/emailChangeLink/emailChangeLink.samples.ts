/** The emailChangeLink model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { emailChangeLinkMachine } from './emailChangeLink.machine';

export const emailChangeLinkSamples = {
  input: { kind: 'confirm', token: 'change-token' },
  events: {
    'xstate.done.actor.useLink': [
      { output: { email: 'ada.new@example.com' } },
      // An undo: the address back, and a reset token to set a new password with.
      { output: { email: 'ada@example.com', resetToken: 'reset-token' } },
    ],
    'xstate.error.actor.useLink': [
      refusal('email_change_token_invalid_error'),
      refusal('email_already_exist_error'),
      refusal('rate_limited_error'),
    ],
  },
  paths: 'everySnapshot',
} satisfies ModelSamples<typeof emailChangeLinkMachine>;

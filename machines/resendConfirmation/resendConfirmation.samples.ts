/** The resendConfirmation model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { resendConfirmationMachine } from './resendConfirmation.machine';

export const resendConfirmationSamples = {
  events: {
    RESEND: [{}],
    'xstate.done.actor.resendConfirmation': [{ output: undefined }],
    'xstate.error.actor.resendConfirmation': [refusal('rate_limited_error')],
  },
  paths: 'everySnapshot',
} satisfies ModelSamples<typeof resendConfirmationMachine>;

/** The resendConfirmation model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { resendConfirmationMachine } from './resendConfirmation.machine';

export const resendConfirmationSamples = {
  events: {
    'mail.resend': [{}],
    // docs/decisions/product.md Check your e-mail: sent, refused by a mail limit (said as what it is), or failed otherwise.
    'xstate.done.actor.resendMail': [{ output: undefined }],
    'xstate.error.actor.resendMail': [refusal('rate_limited_error'), refusal('unknown_server_error')],
  },
  paths: 'everySnapshot',
} satisfies ModelSamples<typeof resendConfirmationMachine>;

/** The resend model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { resendMachine } from './resend.machine';

export const resendSamples = {
  // What its parent asks the mail with (the forgot-password pages' e-mail); the child hands it back unchanged.
  input: { request: { email: 'ada@example.com' } },
  events: {
    'mail.resend': [{}],
    // docs/decisions/product.md Check your e-mail: sent; refused by a mail limit (said as what it is), too late (the
    // account was confirmed meanwhile: Start's end step; another account took the new address: /me's e-mail change),
    // or failed otherwise; or the server asks for a fresh proof first (the parent's step-up).
    'xstate.done.actor.sendMail': [{ output: undefined }],
    'xstate.error.actor.sendMail': [
      refusal('rate_limited_error'),
      refusal('user_is_already_confirmed_error'),
      refusal('email_already_exist_error'),
      refusal('unknown_server_error'),
      refusal('step_up_required_error'),
    ],
  },
  paths: 'everySnapshot',
} satisfies ModelSamples<typeof resendMachine>;

/** The changeEmail model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { changeEmailMachine } from './changeEmail.machine';

export const changeEmailSamples = {
  input: { currentEmail: 'ada@example.com', twoFactorEnabled: false },
  events: {
    // A new address; the account's own in another case (it is no change); something that is not an address.
    'field.change': [
      { field: 'email' as const, value: 'ada.new@example.com' },
      { field: 'email' as const, value: 'ADA@Example.com' },
      { field: 'email' as const, value: 'ada.new@' },
    ],
    'xstate.done.actor.changeEmail': [{ output: undefined }],
    'xstate.error.actor.changeEmail': [
      refusal('step_up_required_error'),
      refusal('email_already_exist_error'),
      refusal('rate_limited_error'),
      refusal('unknown_server_error'),
    ],
    // docs/decisions/product.md Check your e-mail: 'Send again' is the resend child's (machines/resend, walked there); it
    // ends only when the step-up ran out meanwhile and the server asks for a fresh proof.
    'xstate.done.actor.resendMail': [{ output: 'stepUpRequired' as const }],
    'xstate.done.actor.stepUp': [{ output: { validUntil: '2026-11-24T12:10:00.000Z' } }],
  },
  // Every distinct form (what was typed, which error under the field or the form) is reached and shown once: the
  // covering paths alone would type the current address and the broken one without ever submitting them.
  paths: 'everySnapshot',
} satisfies ModelSamples<typeof changeEmailMachine>;

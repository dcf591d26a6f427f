/** The forgotPassword model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { forgotPasswordMachine } from './forgotPassword.machine';

export const forgotPasswordSamples = {
  input: { variant: 'link' },
  events: {
    'field.change': (snapshot) =>
      snapshot.matches('editing') ? [{ field: 'email' as const, value: 'ada@example.com' }] : [],
    // The route's own event: to the other variant (e-mail kept) and to login (e-mail cleared).
    'route.change': [{ path: '/root/forgot_password_magic' }, { path: '/root/login' }],
    'xstate.done.actor.forgotPassword': [{ output: undefined }],
    'xstate.error.actor.forgotPassword': [refusal('email_not_found_error'), refusal('rate_limited_error')],
  },
} satisfies ModelSamples<typeof forgotPasswordMachine>;

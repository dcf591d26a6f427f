import { assign, fromPromise, setup } from 'xstate';
import type { ForgotPasswordInput } from '../../api/contract/auth';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { RESEND_WAIT_MS, RESEND_WAIT_STATES } from '../form/resend';
import {
  callInput,
  FORGOT_PASSWORD_PLACES,
  isForgotPasswordPath,
  isFormValid,
  validationErrors,
  variantOfPath,
} from './forgotPassword.rules';
import type {
  ForgotPasswordContext,
  ForgotPasswordEvent,
  ForgotPasswordMachineInput,
} from './forgotPassword.types';

const pathOf = (event: ForgotPasswordEvent) => (event.type === 'route.change' ? event.path : '');

/**
 * spec 4 Forgot password: one machine for both variants (reset link, magic link). E-mail form, the call, then the
 * confirmation (isSuccess). "Loading" is being in `submitting` (tag `busy`), "success" is being in `succeeded`:
 * a route change returns to `editing`, which resets loading, error and success at once; the e-mail survives
 * only a move between the forgot-password pages (spec 4).
 *
 * The confirmation offers 'Send again' after a visible wait (docs/decisions/product.md: Check your e-mail), which makes
 * the same call once more.
 *
 * The outside world comes in through one actor slot:
 * - `forgotPassword` (ForgotPasswordInput -> void): POST /api/forgot_password, rejecting with an ApiFailure.
 * The route sends `route.change` with the new path whenever the location changes.
 */
export const forgotPasswordMachine = setup({
  types: {} as {
    context: ForgotPasswordContext;
    events: ForgotPasswordEvent;
    input: ForgotPasswordMachineInput;
    tags: 'busy';
  },
  delays: {
    /** docs/decisions/product.md Check your e-mail: 'Send again' waits this long after each mail. */
    resendWait: RESEND_WAIT_MS,
  },
  actors: {
    forgotPassword: fromPromise<void, ForgotPasswordInput>(async () => {
      throw new Error('actor forgotPassword must be provided');
    }),
  },
  guards: {
    isFormValid: ({ context }) => isFormValid(context),
    /** spec 4 Forgot password: the new path is /forgot_password or /forgot_password_magic (either brand). */
    isForgotPasswordPath: ({ event }) => isForgotPasswordPath(pathOf(event)),
  },
  actions: {
    changeEmail: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { email: event.value, fieldErrors: {}, error: undefined };
    }),
    showValidationErrors: assign(({ context }) => ({
      fieldErrors: validationErrors(context),
      error: undefined,
    })),
    clearErrors: assign({ error: undefined, fieldErrors: {} }),
    showRefusal: assign(({ event }) => refusalFrom(failureOf(event), FORGOT_PASSWORD_PLACES)),
    /** spec 4: the other forgot-password page: errors go, the e-mail stays, the page's variant applies. */
    resetKeepingEmail: assign(({ context, event }) => ({
      variant: variantOfPath(pathOf(event)) ?? context.variant,
      error: undefined,
      fieldErrors: {},
      resent: false,
    })),
    /** spec 4: any other page: errors and the e-mail go. */
    resetClearingEmail: assign({ email: '', error: undefined, fieldErrors: {}, resent: false }),
  },
}).createMachine({
  id: 'forgotPassword',
  description:
    'spec 4 Forgot password: e-mail form, the call (reset link or magic link), confirmation on success; a route change resets loading, error and success, and clears the e-mail unless the new path is a forgot-password page',
  context: ({ input }) => ({
    variant: input.variant,
    email: input.email ?? '',
    fieldErrors: {},
    error: undefined,
    // docs/decisions/product.md: Forms that work before their scripts: the server's refusal of the page's own post.
    ...(input.refused ? refusalFrom(input.refused, FORGOT_PASSWORD_PLACES) : {}),
    resent: false,
  }),
  initial: 'editing',
  on: {
    'route.change': [
      { guard: 'isForgotPasswordPath', target: '.editing', actions: 'resetKeepingEmail' },
      { target: '.editing', actions: 'resetClearingEmail' },
    ],
  },
  states: {
    editing: {
      description:
        'spec 2 Forgot password: the e-mail form (spec 5: e-mail required), with a link to the other variant',
      on: {
        'field.change': { actions: 'changeEmail' },
        'form.submit': [{ guard: 'isFormValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
      },
    },
    submitting: {
      description:
        'spec 4 Forgot password: loading while POST /api/forgot_password runs (generateMagicLink for the magic-link variant)',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'forgotPassword',
        src: 'forgotPassword',
        input: ({ context }) => callInput(context),
        onDone: { target: 'succeeded' },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    succeeded: {
      description:
        'spec 2 Forgot password: success shows a confirmation title and description (spec 4: success sets isSuccess)',
      initial: 'waitingToResend',
      states: {
        ...RESEND_WAIT_STATES,
        resending: {
          description:
            'docs/decisions/product.md Check your e-mail: the same request again (POST /api/forgot_password); a refusal, such as the per-recipient mail limit (429 rate_limited_error), is said plainly and the wait starts again',
          tags: ['busy'],
          entry: 'clearErrors',
          invoke: {
            id: 'resendMail',
            src: 'forgotPassword',
            input: ({ context }) => callInput(context),
            onDone: { target: 'waitingToResend', actions: assign({ resent: true }) },
            onError: { target: 'waitingToResend', actions: ['showRefusal', assign({ resent: false })] },
          },
        },
      },
    },
  },
});

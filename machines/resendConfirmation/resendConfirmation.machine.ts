import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { type Refusal, refusalFrom } from '../form/refusal';
import { RESEND_PLACES, RESEND_WAIT_MS, RESEND_WAIT_STATES } from '../form/resend';

export interface ResendConfirmationContext {
  /** The last refusal of 'Send again' (spec 8), e.g. rate_limited_error once the mail limits are reached. */
  error: Refusal | undefined;
  /** docs/decisions/product.md Check your e-mail: the mail was sent again (the banner says so). */
  resent: boolean;
}

/**
 * spec 2 Me page: the banner 'Please verify your email address.' sends the confirmation mail again
 * (docs/decisions/product.md: Paths the spec does not show, POST /api/me/confirmation) the way every 'check your e-mail'
 * place does (docs/decisions/product.md: Check your e-mail): a visible wait after each mail, then 'Send again'. The banner
 * starts with the wait: it cannot know when the last mail went out, and it most often shows right after one (a
 * curator sign-up lands here).
 *
 * The outside world comes in through one actor slot: `resendConfirmation` (no input, no output), rejecting with an
 * ApiFailure-bearing error.
 */
export const resendConfirmationMachine = setup({
  types: {} as {
    context: ResendConfirmationContext;
    events: { type: 'mail.resend' };
    tags: 'busy';
    children: { resendMail: 'resendConfirmation' };
  },
  delays: {
    /** docs/decisions/product.md Check your e-mail: 'Send again' waits this long after each mail. */
    resendWait: RESEND_WAIT_MS,
  },
  actors: {
    resendConfirmation: fromPromise<void>(async () => {
      throw new Error('actor resendConfirmation must be provided');
    }),
  },
  actions: {
    clearRefusal: assign({ error: undefined }),
    /** spec 8: the failure as the form kit keeps it, said above the button. */
    showRefusal: assign(({ event }) => ({
      error: refusalFrom(failureOf(event), RESEND_PLACES).error,
      resent: false,
    })),
    showResent: assign({ resent: true }),
  },
}).createMachine({
  id: 'resendConfirmation',
  description:
    "spec 2 Me page: the pending-confirmation banner sends the confirmation mail again, with 'Send again' after a visible wait (docs/decisions/product.md: Check your e-mail)",
  context: { error: undefined, resent: false },
  initial: 'waitingToResend',
  states: {
    ...RESEND_WAIT_STATES,
    waitingToResend: {
      ...RESEND_WAIT_STATES.waitingToResend,
      description:
        "spec 2 Me page: the banner 'Please verify your email address.'; docs/decisions/product.md Check your e-mail: 'Send again' is disabled, with a visible countdown, for RESEND_WAIT_SECONDS after each mail (and when the banner first shows)",
    },
    resending: {
      description:
        'docs/decisions/product.md Check your e-mail: POST /api/me/confirmation; a refusal, such as a mail limit (429 rate_limited_error), is said plainly and the wait starts again',
      tags: ['busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'resendMail',
        src: 'resendConfirmation',
        onDone: { target: 'waitingToResend', actions: 'showResent' },
        onError: { target: 'waitingToResend', actions: 'showRefusal' },
      },
    },
  },
});

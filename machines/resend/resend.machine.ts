import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { STEP_UP_GUARDS } from '../stepUp/stepUpAround';
import { RESEND_PLACES, RESEND_WAIT_MS } from './resend.rules';
import type { ResendContext, ResendEvent, ResendInput, ResendOutput } from './resend.types';

/**
 * 'Send again' on a 'check your e-mail' place (docs/decisions/product.md: Check your e-mail), the one child every
 * flow that sent a mail invokes (invoke id `resendMail`: the forgot-password pages, Start's and the company pages'
 * end step, /me's pending-confirmation banner): a visible wait after each mail, then the same request once more.
 * It starts with the wait: its parent enters it right after a mail went out (the banner cannot know when the last
 * one did, and most often shows right after one).
 *
 * The outside world comes in through one actor slot, `sendMail` (the request it was given -> anything), rejecting
 * with an ApiFailure-bearing error: the parent's own call, which the route provides with `resendBy(call)`. A call
 * the server may answer with step_up_required_error (a /me change) ends the child with `stepUpRequired`: its parent
 * asks for the proof with its own step-up (machines/stepUp/stepUpAround.ts) and starts it again `from: 'sending'`.
 */
export const resendMachine = setup({
  types: {} as {
    context: ResendContext;
    input: ResendInput;
    output: ResendOutput;
    events: ResendEvent;
    tags: 'busy';
  },
  delays: {
    /** docs/decisions/product.md Check your e-mail: 'Send again' waits this long after each mail. */
    resendWait: RESEND_WAIT_MS,
  },
  actors: {
    /** The parent's own call, made once more with the same request. */
    sendMail: fromPromise<unknown, unknown>(async () => {
      throw new Error('actor sendMail must be provided');
    }),
  },
  guards: {
    /** Back from a step-up that was cancelled: 'Send again' may be used at once. */
    startsReady: ({ context }) => context.from === 'ready',
    /** The step-up was given: the same request at once. */
    startsSending: ({ context }) => context.from === 'sending',
    ...STEP_UP_GUARDS,
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
  id: 'resend',
  description:
    "docs/decisions/product.md Check your e-mail: 'Send again' after a visible wait, the same request once more",
  context: ({ input }) => ({
    request: input.request,
    from: input.from ?? 'cooling',
    error: undefined,
    resent: false,
  }),
  initial: 'starting',
  output: 'stepUpRequired',
  states: {
    starting: {
      description:
        "docs/decisions/product.md Check your e-mail: the wait after a mail; 'Send again' usable when a step-up was cancelled, or sent at once when it was given (docs/decisions/security.md: One step-up around every guarded call)",
      always: [
        { guard: 'startsReady', target: 'ready' },
        { guard: 'startsSending', target: 'sending' },
        { target: 'cooling' },
      ],
    },
    cooling: {
      description:
        "docs/decisions/product.md Check your e-mail: 'Send again' is disabled, with a visible countdown, for RESEND_WAIT_SECONDS after each mail (and when the place first shows)",
      after: { resendWait: 'ready' },
    },
    ready: {
      description: "docs/decisions/product.md Check your e-mail: 'Send again' may be used",
      on: { 'mail.resend': 'sending' },
    },
    sending: {
      description:
        'docs/decisions/product.md Check your e-mail: the same request again; a refusal, such as a mail limit (429 rate_limited_error, Mail per recipient), is said plainly and the wait starts again',
      tags: ['busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'sendMail',
        src: 'sendMail',
        input: ({ context }: { context: ResendContext }) => context.request,
        onDone: { target: 'cooling', actions: 'showResent' },
        onError: [
          { guard: 'isStepUpRequired', target: 'stepUpRequired' },
          { target: 'cooling', actions: 'showRefusal' },
        ],
      },
    },
    stepUpRequired: {
      description:
        "docs/decisions/security.md: One step-up around every guarded call: the server asks for a fresh proof before it sends the mail again (a /me change whose step-up is older than its window); the parent asks 'Confirm it's you', then starts this child again, sending at once",
      type: 'final',
    },
  },
});

/**
 * The child with its call, for the route to provide its parent's `resendMail` slot with:
 * `forgotPasswordMachine.provide({ actors: { forgotPassword, resendMail: resendBy(forgotPassword) } })`. The child
 * hands the call back, unchanged, the request its parent invoked it with (that parent's own call's input), so the
 * call is typed by its own input; the one cast says so, where the child keeps the request as `unknown`.
 */
export const resendBy = <TOutput, TRequest>(sendMail: PromiseActorLogic<TOutput, TRequest>) =>
  resendMachine.provide({ actors: { sendMail: sendMail as PromiseActorLogic<unknown, unknown> } });

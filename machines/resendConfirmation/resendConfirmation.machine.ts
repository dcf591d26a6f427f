import { assign, fromPromise, setup } from 'xstate';
import { type ErrorCode, failureOf } from '../../api/contract/errorCodes';

export interface ResendConfirmationContext {
  /** Set once failed (spec 8): rate_limited_error after a few mails, else another code. */
  error: ErrorCode | undefined;
}

/**
 * spec 2 Me page: the banner 'Please verify your email address.' has a button that sends the confirmation mail
 * again (docs/decisions.md: Paths the spec does not show, POST /api/me/confirmation).
 *
 * The outside world comes in through one actor slot: `resendConfirmation` (no input, no output), rejecting with an
 * ApiFailure-bearing error.
 */
export const resendConfirmationMachine = setup({
  types: {} as {
    context: ResendConfirmationContext;
    events: { type: 'RESEND' };
    tags: 'busy';
    children: { resendConfirmation: 'resendConfirmation' };
  },
  actors: {
    resendConfirmation: fromPromise<void>(async () => {
      throw new Error('actor resendConfirmation must be provided');
    }),
  },
  actions: {
    /** spec 8: the failure's catalogue code. */
    showFailure: assign({ error: ({ event }) => failureOf(event).code }),
    clearFailure: assign({ error: undefined }),
  },
}).createMachine({
  id: 'resendConfirmation',
  description: 'spec 2 Me page: the pending-confirmation banner sends the confirmation mail again on request',
  context: { error: undefined },
  initial: 'idle',
  states: {
    idle: {
      description:
        "spec 2 Me page: the banner 'Please verify your email address.' with its send-again button",
      on: { RESEND: 'sending' },
    },
    sending: {
      description: 'spec 2 Me page: the confirmation mail is being sent again; the button shows it is busy',
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'resendConfirmation',
        src: 'resendConfirmation',
        onDone: 'sent',
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    sent: {
      description: 'spec 2 Me page: a new confirmation mail is on its way; the banner says so and stays',
      type: 'final',
    },
    failed: {
      description:
        'spec 8: the spec 8 text of the failure (rate_limited_error after a few mails); the button stays',
      on: { RESEND: 'sending' },
    },
  },
});

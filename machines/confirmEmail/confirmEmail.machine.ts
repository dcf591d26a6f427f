import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { output } from '../form/output';
import { confirmationMessageOf, hasUsableToken } from './confirmEmail.rules';
import type {
  ConfirmEmailContext,
  ConfirmEmailInput,
  ConfirmEmailMachineInput,
  ConfirmResult,
} from './confirmEmail.types';

/**
 * spec 4 Confirm by token: pending, loaded (boarding method, organisation subdomain) or rejected. spec 2 Confirm:
 * the token query parameter is confirmed on load (loading text), then the error page or the success page.
 * spec 8: confirm without token, or on failure, is an error; without a token no call is made.
 *
 * The outside world comes in through one actor slot: `confirmEmail` (ConfirmEmailInput -> ConfirmResult),
 * GET /api/confirm?token, rejecting with an ApiFailure-bearing error.
 */
export const confirmEmailMachine = setup({
  types: {} as {
    context: ConfirmEmailContext;
    input: ConfirmEmailMachineInput | undefined;
    tags: 'busy';
    children: { confirmEmail: 'confirmEmail' };
  },
  actors: {
    confirmEmail: fromPromise<ConfirmResult, ConfirmEmailInput>(async () => {
      throw new Error('actor confirmEmail must be provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => hasUsableToken(context.token),
    /** spec 8 user_is_already_confirmed_error: the link was used before, by this very account. */
    wasConfirmedBefore: ({ event }) => failureOf(event).code === 'user_is_already_confirmed_error',
  },
  actions: {
    /** spec 8: confirm without token means unknown error. */
    showMissingToken: assign({ error: { code: 'unknown_server_error' } }),
    /** spec 8: the failure's catalogue code (user_confirm_token_invalid_error, unknown_server_error, ...). */
    showFailure: assign({ error: ({ event }) => ({ code: failureOf(event).code }) }),
    /** spec 2 Confirm: the success message chosen from the result (confirmEmail.types.ts). */
    showConfirmation: assign((_, result: ConfirmResult) => ({
      message: confirmationMessageOf(result),
      brand: result.brand,
    })),
  },
}).createMachine({
  id: 'confirmEmail',
  description:
    'spec 4 Confirm by token: pending, loaded (boarding method, organisation subdomain) or rejected; spec 2 Confirm: confirmed on load, then the error page or the success page',
  context: ({ input }) => ({ token: input?.token, message: undefined, brand: undefined, error: undefined }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      description: 'spec 8: confirm without token means unknown error, and no call is made',
      always: [
        { guard: 'hasToken', target: 'confirming' },
        { target: 'failed', actions: 'showMissingToken' },
      ],
    },
    confirming: {
      description: 'spec 2 Confirm: the token is confirmed on load, with a loading text (spec 4: pending)',
      tags: ['busy'],
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        // checkingToken lets the machine in only with a token.
        input: ({ context }) => ({ token: context.token!.trim() }),
        onDone: { target: 'confirmed', actions: { type: 'showConfirmation', params: output } },
        onError: [
          { guard: 'wasConfirmedBefore', target: 'alreadyConfirmed' },
          { target: 'failed', actions: 'showFailure' },
        ],
      },
    },
    confirmed: {
      description:
        'spec 2 Confirm: success page; boardingMethod email: the generic message; companyId: the message of the organisation (lit, unicef_for_every_child, default) with the next steps (spec 4: loaded)',
      type: 'final',
    },
    alreadyConfirmed: {
      description:
        'docs/decisions/product.md: A confirmation link opened again: reads as the success it was (already confirmed, you can log in), not as an error',
      type: 'final',
    },
    failed: {
      description:
        'spec 2 Confirm: error page with links to register and login (spec 4: rejected; spec 8: no token or any failure)',
      type: 'final',
    },
  },
});

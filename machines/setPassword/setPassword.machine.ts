import { assign, fromPromise, setup } from 'xstate';
import type { ResetTokenInput, SetNewPasswordInput } from '../../api/contract/auth';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { recoveryReviewMachine } from '../recoveryReview/recoveryReview.machine';
import {
  callInput,
  hasToken,
  isFormValid,
  isTokenRefusal,
  SET_PASSWORD_PLACES,
  validationErrors,
} from './setPassword.rules';
import type { SetPasswordContext, SetPasswordEvent, SetPasswordMachineInput } from './setPassword.types';

/**
 * spec 4 Set password: the token is checked first (an empty one is invalid before any call); any failure of the
 * check is the invalid-token page. Then the new password form; once it is set, the recovery review
 * (docs/decisions/security.md: Recovery review: every way into the account, kept or removed); then the success page with a
 * link to login.
 *
 * The outside world comes in through three actor slots:
 * - `checkResetToken` (ResetTokenInput -> void): GET /api/forgot_password_set?token.
 * - `setNewPassword` (SetNewPasswordInput -> { reviewToken }): POST /api/forgot_password_set?token with pwd.
 * - `recoveryReview`: machines/recoveryReview, provided with its calls by the route.
 * The calls reject with an ApiFailure; api/errors.ts maps Forbidden 'not found' to forgot_password_token_invalid_error.
 */
export const setPasswordMachine = setup({
  types: {} as {
    context: SetPasswordContext;
    events: SetPasswordEvent;
    input: SetPasswordMachineInput | undefined;
    tags: 'busy';
    children: {
      checkResetToken: 'checkResetToken';
      setNewPassword: 'setNewPassword';
      recoveryReview: 'recoveryReview';
    };
  },
  actors: {
    checkResetToken: fromPromise<void, ResetTokenInput>(async () => {
      throw new Error('actor checkResetToken must be provided');
    }),
    setNewPassword: fromPromise<{ reviewToken: string }, SetNewPasswordInput>(async () => {
      throw new Error('actor setNewPassword must be provided');
    }),
    /** The ways into the account after the recovery (docs/decisions/security.md: Recovery review); the route provides its calls. */
    recoveryReview: recoveryReviewMachine,
  },
  guards: {
    isTokenMissing: ({ context }) => !hasToken(context),
    isFormValid: ({ context }) => isFormValid(context),
    /** spec 8: the submit was refused because the token is (no longer) valid. */
    isTokenRefused: ({ event }) => isTokenRefusal(failureOf(event)),
  },
  actions: {
    changePassword: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { newPassword: event.value, fieldErrors: {}, error: undefined };
    }),
    showValidationErrors: assign(({ context }) => ({
      fieldErrors: validationErrors(context),
      error: undefined,
    })),
    clearErrors: assign({ error: undefined, fieldErrors: {} }),
    showRefusal: assign(({ event }) => refusalFrom(failureOf(event), SET_PASSWORD_PLACES)),
    /** The password is not kept once it is set or can no longer be set. */
    forgetPassword: assign({ newPassword: '' }),
    keepReviewToken: assign({
      reviewToken: ({ event }) =>
        (event as unknown as { output: { reviewToken: string } }).output.reviewToken,
    }),
    /** The review is over: its token is of no more use; whether its time ran out is said on the success page. */
    endReview: assign({
      reviewToken: '',
      reviewExpired: ({ event }) => (event as unknown as { output: { expired: boolean } }).output.expired,
    }),
  },
}).createMachine({
  id: 'setPassword',
  description:
    'spec 4 Set password: token checked first (empty: invalid before any call); invalid-token page on any failure of the check; new password form; the recovery review (docs/decisions/security.md: Recovery review); success page with a link to login',
  context: ({ input }) => ({
    token: input?.token ?? '',
    newPassword: '',
    fieldErrors: {},
    error: undefined,
    reviewToken: '',
    reviewExpired: false,
  }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      description:
        'spec 2 Set new password: the token query parameter is checked on load; spec 4: an empty token is invalid before any call',
      tags: ['busy'],
      // Taken on entry, before the invoked check starts: an empty token never reaches the server.
      always: { guard: 'isTokenMissing', target: 'invalidToken' },
      invoke: {
        id: 'checkResetToken',
        src: 'checkResetToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'editing' },
        // spec 4: a token error (or any other failure of the check) leads to the invalid page.
        onError: { target: 'invalidToken' },
      },
    },
    editing: {
      description:
        'spec 2 Set new password: password field with strength bar and visibility toggle (spec 5: required, min 6)',
      on: {
        'field.change': { actions: 'changePassword' },
        'form.submit': [{ guard: 'isFormValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
      },
    },
    submitting: {
      description: 'spec 4 Set password: the new password is sent with the token',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'setNewPassword',
        src: 'setNewPassword',
        input: ({ context }) => callInput(context),
        onDone: { target: 'reviewing', actions: ['forgetPassword', 'keepReviewToken'] },
        onError: [
          { guard: 'isTokenRefused', target: 'invalidToken', actions: 'forgetPassword' },
          { target: 'editing', actions: 'showRefusal' },
        ],
      },
    },
    reviewing: {
      description:
        'docs/decisions/security.md: Recovery review: every session ended; the ways into the account, each kept or removed, before going on',
      invoke: {
        id: 'recoveryReview',
        src: 'recoveryReview',
        input: ({ context }) => ({ token: context.reviewToken }),
        onDone: { target: 'succeeded', actions: 'endReview' },
      },
    },
    succeeded: {
      description:
        'spec 2 Set new password: the success page with a link to login (docs/decisions/security.md: Recovery review: after the review)',
      type: 'final',
    },
    invalidToken: {
      description:
        'spec 2 Set new password: the invalid-token page (spec 8 forgot_password_token_invalid_error), with a way to ask for a new link',
      type: 'final',
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { ResetTokenInput, SetNewPasswordInput } from '../../api/contract/auth';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
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
 * check is the invalid-token page. Then the new password form; success is the success page with a link to login.
 *
 * The outside world comes in through two actor slots:
 * - `checkResetToken` (ResetTokenInput -> void): GET /api/forgot_password_set?token.
 * - `setNewPassword` (SetNewPasswordInput -> void): POST /api/forgot_password_set?token with pwd.
 * Both reject with an ApiFailure; api/errors.ts maps Forbidden 'not found' to forgot_password_token_invalid_error.
 */
export const setPasswordMachine = setup({
  types: {} as {
    context: SetPasswordContext;
    events: SetPasswordEvent;
    input: SetPasswordMachineInput | undefined;
    tags: 'busy';
  },
  actors: {
    checkResetToken: fromPromise<void, ResetTokenInput>(async () => {
      throw new Error('actor checkResetToken must be provided');
    }),
    setNewPassword: fromPromise<void, SetNewPasswordInput>(async () => {
      throw new Error('actor setNewPassword must be provided');
    }),
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
  },
}).createMachine({
  id: 'setPassword',
  description:
    'spec 4 Set password: token checked first (empty: invalid before any call); invalid-token page on any failure of the check; new password form; success page with a link to login',
  context: ({ input }) => ({
    token: input?.token ?? '',
    newPassword: '',
    fieldErrors: {},
    error: undefined,
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
        onDone: { target: 'succeeded', actions: 'forgetPassword' },
        onError: [
          { guard: 'isTokenRefused', target: 'invalidToken', actions: 'forgetPassword' },
          { target: 'editing', actions: 'showRefusal' },
        ],
      },
    },
    succeeded: {
      description: 'spec 2 Set new password: the success page with a link to login',
      type: 'final',
    },
    invalidToken: {
      description:
        'spec 2 Set new password: the invalid-token page (spec 8 forgot_password_token_invalid_error), with a way to ask for a new link',
      type: 'final',
    },
  },
});

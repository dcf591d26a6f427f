import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { STEP_UP_ACTORS, STEP_UP_GUARDS, steppingUp, whenStepUpRequired } from '../stepUp/stepUpAround';
import { CHANGE_PASSWORD_PLACES, isFormValid, validationErrors } from './changePassword.rules';
import type {
  ChangePasswordContext,
  ChangePasswordEvent,
  ChangePasswordInput,
  ChangePasswordMachineInput,
} from './changePassword.types';

export type { ChangePasswordContext, ChangePasswordEvent } from './changePassword.types';

/**
 * docs/decisions/security.md: Changing the password, on /me's Security part: the new password under the sign-up rules with
 * its confirmation; POST /api/me/password; when the server asks for a step-up (step_up_required_error) the
 * step-up child asks for the proof and the change is sent again. Done: every other session is signed out and a
 * notice mail went out.
 *
 * Outside world: actor slots `changePassword` (POST /api/me/password) and `stepUp` (machines/stepUp, provided
 * with its own call by the route).
 */
export const changePasswordMachine = setup({
  types: {} as {
    context: ChangePasswordContext;
    input: ChangePasswordMachineInput;
    events: ChangePasswordEvent;
    tags: 'busy';
    children: { changePassword: 'changePassword'; stepUp: 'stepUp' };
  },
  actors: {
    /** POST /api/me/password with the new password. */
    changePassword: fromPromise<void, ChangePasswordInput>(async () => {
      throw new Error('actor changePassword must be provided');
    }),
    /** The proof (docs/decisions/security.md: Step-up); the route provides it with POST /api/me/step_up. */
    ...STEP_UP_ACTORS,
  },
  guards: {
    isFormValid: ({ context }) => isFormValid(context),
    ...STEP_UP_GUARDS,
  },
  actions: {
    storeField: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { [event.field]: event.value, fieldErrors: {}, error: undefined };
    }),
    showValidationErrors: assign(({ context }) => ({
      fieldErrors: validationErrors(context),
      error: undefined,
    })),
    clearErrors: assign({ fieldErrors: {}, error: undefined }),
    showRefusal: assign(({ event }) => refusalFrom(failureOf(event), CHANGE_PASSWORD_PLACES)),
    /** Nothing typed is kept once the form closes or has done its work. */
    forgetForm: assign({ newPassword: '', confirmation: '', fieldErrors: {}, error: undefined }),
  },
}).createMachine({
  id: 'changePassword',
  description:
    'docs/decisions/security.md: Changing the password: new password (sign-up rules) and confirmation, step-up when the server asks, other sessions signed out, a notice mail',
  context: ({ input }) => ({
    twoFactorEnabled: input.twoFactorEnabled,
    newPassword: '',
    confirmation: '',
    fieldErrors: {},
    error: undefined,
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'docs/decisions/security.md: Account-security centre: the Password part, closed, with its Change button',
      on: { 'panel.open': 'editing' },
    },
    editing: {
      description:
        'docs/decisions/security.md: Changing the password: new password with the strength bar under the sign-up rules (spec 5), the same again; a refusal under its field or the form',
      on: {
        'field.change': { actions: 'storeField' },
        'form.submit': [{ guard: 'isFormValid', target: 'saving' }, { actions: 'showValidationErrors' }],
        'panel.close': { target: 'idle', actions: 'forgetForm' },
      },
    },
    saving: {
      description:
        'docs/decisions/security.md: Changing the password: POST /api/me/password (sent again after a step-up)',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ newPassword: context.newPassword }),
        onDone: { target: 'done', actions: 'forgetForm' },
        onError: [whenStepUpRequired(), { target: 'editing', actions: 'showRefusal' }],
      },
    },
    steppingUp: steppingUp({ again: 'saving', back: 'editing', what: 'the change' }),
    done: {
      description:
        'docs/decisions/security.md: Changing the password: saved; every other session is signed out (this one stays) and a notice mail went out',
      on: { 'panel.close': 'idle' },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { refusalFrom } from '../form/refusal';
import { STEP_UP_ACTORS, STEP_UP_GUARDS, steppingUp, whenStepUpRequired } from '../stepUp/stepUpAround';
import { confirmationMatches, DELETE_ACCOUNT_PLACES, placesOf } from './deleteAccount.rules';
import type {
  DeleteAccountContext,
  DeleteAccountEvent,
  DeleteAccountInput,
  DeleteAccountMachineInput,
} from './deleteAccount.types';

export type { DeleteAccountContext, DeleteAccountEvent } from './deleteAccount.types';

/**
 * docs/decisions/security.md: Deleting an account, on /me's Security part: an explaining panel, the account's e-mail typed
 * as confirmation (any case; the button waits for it), DELETE /api/me, a step-up when the server asks for one,
 * then the end: the session is gone. Refused while the user is the only admin of places others use
 * (account_sole_admin_error lists them); a rate limit or failure can be tried again.
 *
 * Outside world: actor slots `deleteAccount` (DELETE /api/me) and `stepUp` (machines/stepUp); the effect
 * `accountDeleted` (the route leaves for the 'account deleted' page).
 */
export const deleteAccountMachine = setup({
  types: {} as {
    context: DeleteAccountContext;
    input: DeleteAccountMachineInput;
    events: DeleteAccountEvent;
    tags: 'busy';
    children: { deleteAccount: 'deleteAccount'; stepUp: 'stepUp' };
  },
  actors: {
    /** DELETE /api/me with the typed confirmation. */
    deleteAccount: fromPromise<void, DeleteAccountInput>(async () => {
      throw new Error('actor deleteAccount must be provided');
    }),
    /** The proof (docs/decisions/security.md: Step-up); the route provides it with POST /api/me/step_up. */
    ...STEP_UP_ACTORS,
  },
  guards: {
    confirmationMatches: ({ context }) => confirmationMatches(context),
    ...STEP_UP_GUARDS,
    isSoleAdmin: ({ event }) => failureOf(event).code === 'account_sole_admin_error',
  },
  actions: {
    storeConfirmation: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { confirmation: event.value, fieldErrors: {}, error: undefined };
    }),
    clearErrors: assign({ fieldErrors: {}, error: undefined, places: [] }),
    showRefusal: assign(({ event }) => {
      const failure = failureOf(event);
      return { ...refusalFrom(failure, DELETE_ACCOUNT_PLACES), places: placesOf(failure.details) };
    }),
    forgetForm: assign({ confirmation: '', fieldErrors: {}, error: undefined, places: [] }),
    /** Effect: the session is gone; the route leaves for the 'account deleted' page. */
    accountDeleted: () => {
      throw new Error('action accountDeleted must be provided');
    },
  },
}).createMachine({
  id: 'deleteAccount',
  description:
    'docs/decisions/security.md: Deleting an account: what goes, the e-mail typed as confirmation, step-up, DELETE /api/me, signed out; refused while the only admin of places others use',
  context: ({ input }) => ({
    email: input.email,
    twoFactorEnabled: input.twoFactorEnabled,
    confirmation: '',
    fieldErrors: {},
    error: undefined,
    places: [],
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'docs/decisions/security.md: Account-security centre: the Delete account part, closed, with its button',
      on: { 'panel.open': 'confirming' },
    },
    confirming: {
      description:
        'docs/decisions/security.md: Deleting an account: what is deleted and what happens to channels and organisations; the e-mail typed (any case) enables the button',
      on: {
        'field.change': { actions: 'storeConfirmation' },
        'form.submit': { guard: 'confirmationMatches', target: 'deleting' },
        'panel.close': { target: 'idle', actions: 'forgetForm' },
      },
    },
    deleting: {
      description:
        'docs/decisions/security.md: Deleting an account: DELETE /api/me (sent again after a step-up)',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ confirmation: context.confirmation }),
        onDone: 'deleted',
        onError: [
          whenStepUpRequired(),
          { guard: 'isSoleAdmin', target: 'soleAdmin', actions: 'showRefusal' },
          { target: 'confirming', actions: 'showRefusal' },
        ],
      },
    },
    steppingUp: steppingUp({ again: 'deleting', back: 'confirming', what: 'the deletion' }),
    soleAdmin: {
      description:
        'docs/decisions/security.md: Deleting an account: account_sole_admin_error (409): the channels and organisations to hand over first, listed by kind and name',
      on: {
        'form.submit': { guard: 'confirmationMatches', target: 'deleting' },
        'panel.close': { target: 'idle', actions: 'forgetForm' },
      },
    },
    deleted: {
      description:
        "docs/decisions/security.md: Deleting an account: the account and its session are gone; the site leaves for the 'account deleted' page",
      type: 'final',
      entry: 'accountDeleted',
    },
  },
});

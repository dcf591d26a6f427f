import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { addPasskeyMachine } from '../addPasskey/addPasskey.machine';
import type { AddPasskeyOutput } from '../addPasskey/addPasskey.types';
import { output } from '../form/output';
import { pageRefusal, refusalFrom } from '../form/refusal';
import { loadFailedState, SIGNED_IN_GUARDS, signedOutState, whenSignedOut } from '../form/signedInList';
import { isNameValid, nameErrors, PASSKEYS_PLACES, renameInputOf } from './passkeys.rules';
import type {
  Passkey,
  PasskeysContext,
  PasskeysEvent,
  PasskeysMachineInput,
  RenamePasskeyInput,
} from './passkeys.types';

/**
 * docs/decisions/security.md: Passkeys, the Passkeys part of /me's Security section: the user's passkeys (GET
 * /api/me/passkeys) with their names and dates; 'Add a passkey' where the browser has WebAuthn (the addPasskey
 * child: step-up, the browser's ceremony, the server's check; the list is read again after); rename (PUT
 * /api/me/passkeys/{id}, 1 to 64 characters) and remove after a confirmation (DELETE /api/me/passkeys/{id}).
 *
 * Actor slots: `getPasskeys` (-> Passkey[]), `renamePasskey` (RenamePasskeyInput -> Passkey), `removePasskey`
 * ({ id }), `addPasskey` (machines/addPasskey, provided with its calls by the route).
 */
export const passkeysMachine = setup({
  types: {} as {
    context: PasskeysContext;
    input: PasskeysMachineInput;
    events: PasskeysEvent;
    tags: 'busy';
    children: {
      getPasskeys: 'getPasskeys';
      renamePasskey: 'renamePasskey';
      removePasskey: 'removePasskey';
      addPasskey: 'addPasskey';
    };
  },
  actors: {
    getPasskeys: fromPromise<Passkey[]>(async () => {
      throw new Error('actor getPasskeys must be provided');
    }),
    renamePasskey: fromPromise<Passkey, RenamePasskeyInput>(async () => {
      throw new Error('actor renamePasskey must be provided');
    }),
    removePasskey: fromPromise<void, { id: number }>(async () => {
      throw new Error('actor removePasskey must be provided');
    }),
    addPasskey: addPasskeyMachine,
  },
  guards: {
    hasWebAuthn: ({ context }) => context.webAuthn,
    isNameValid: ({ context }) => isNameValid(context),
    /** Removed already (another tab, another device): it is gone either way. */
    isGone: ({ event }) => failureOf(event).code === 'passkey_not_found_error',
    /** A 401: the session ended elsewhere (signed out, password changed), as the sessions part reads it. */
    ...SIGNED_IN_GUARDS,
  },
  actions: {
    /** Effect: leave for the login page (provided by the route). */
    signedOut: () => {},
    keepPasskeys: assign((_, passkeys: Passkey[]) => ({ passkeys, failure: undefined })),
    keepFailure: assign({ failure: ({ event }) => pageRefusal(failureOf(event)) }),
    forgetMessages: assign({ failure: undefined, added: undefined }),
    keepAdded: assign((_, added: AddPasskeyOutput) => ({ added: added.passkey?.name })),
    choose: assign(({ context, event }) => {
      if (event.type !== 'rename.open' && event.type !== 'remove.open') return {};
      const passkey = context.passkeys.find((row) => row.id === event.id);
      return { chosen: event.id, name: passkey?.name ?? '', fieldErrors: {}, error: undefined };
    }),
    storeField: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { [event.field]: event.value, fieldErrors: {}, error: undefined };
    }),
    showValidationErrors: assign(({ context }) => ({ fieldErrors: nameErrors(context), error: undefined })),
    clearErrors: assign({ fieldErrors: {}, error: undefined }),
    showRefusal: assign(({ event }) => refusalFrom(failureOf(event), PASSKEYS_PLACES)),
    keepRenamed: assign(({ context }, renamed: Passkey) => ({
      passkeys: context.passkeys.map((row) => (row.id === renamed.id ? renamed : row)),
    })),
    dropChosen: assign({
      passkeys: ({ context }) => context.passkeys.filter((row) => row.id !== context.chosen),
    }),
    forgetChoice: assign({ chosen: undefined, name: '', fieldErrors: {}, error: undefined }),
  },
}).createMachine({
  id: 'passkeys',
  description:
    "docs/decisions/security.md: Passkeys: /me's passkeys with their dates; add (behind the step-up), rename, remove",
  context: ({ input }) => ({
    webAuthn: input.webAuthn,
    twoFactorEnabled: input.twoFactorEnabled,
    passkeys: [],
    chosen: undefined,
    name: '',
    fieldErrors: {},
    error: undefined,
    failure: undefined,
    added: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'docs/decisions/security.md: Passkeys: GET /api/me/passkeys',
      tags: ['busy'],
      invoke: {
        id: 'getPasskeys',
        src: 'getPasskeys',
        onDone: { target: 'listed', actions: { type: 'keepPasskeys', params: output } },
        onError: [whenSignedOut, { target: 'loadFailed', actions: 'keepFailure' }],
      },
    },
    signedOut: signedOutState(
      'docs/decisions/security.md: Sessions and devices: a call answered 401 because the session ended elsewhere is signing out (to /login)',
    ),
    loadFailed: loadFailedState('forgetMessages'),
    listed: {
      description:
        "docs/decisions/security.md: Passkeys: each passkey's name, created and last used; 'Add a passkey' where the browser has WebAuthn, else a note",
      on: {
        'add.open': { guard: 'hasWebAuthn', target: 'adding', actions: 'forgetMessages' },
        'rename.open': { target: 'renaming', actions: ['forgetMessages', 'choose'] },
        'remove.open': { target: 'confirmingRemoval', actions: ['forgetMessages', 'choose'] },
      },
    },
    adding: {
      description:
        'docs/decisions/security.md: Passkeys: the addPasskey child (name, step-up, the browser, the server); done, the list is read again',
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        input: ({ context }) => ({ twoFactorEnabled: context.twoFactorEnabled }),
        onDone: { target: 'loading', actions: { type: 'keepAdded', params: output } },
      },
      on: { 'add.close': 'listed' },
    },
    renaming: {
      description:
        'docs/decisions/security.md: Passkeys (Naming): the new name, 1 to 64 characters (RenamePasskeyRequestWire); a refusal under it',
      on: {
        'field.change': { actions: 'storeField' },
        'form.submit': [{ guard: 'isNameValid', target: 'savingName' }, { actions: 'showValidationErrors' }],
        'rename.cancel': { target: 'listed', actions: 'forgetChoice' },
      },
    },
    savingName: {
      description: 'docs/decisions/security.md: Passkeys: PUT /api/me/passkeys/{id} with the new name',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'renamePasskey',
        src: 'renamePasskey',
        input: ({ context }) => renameInputOf(context),
        onDone: { target: 'listed', actions: [{ type: 'keepRenamed', params: output }, 'forgetChoice'] },
        onError: { target: 'renaming', actions: 'showRefusal' },
      },
    },
    confirmingRemoval: {
      description:
        'docs/decisions/security.md: Passkeys: removing asks first; the passkey then no longer signs in (also where it is still kept)',
      on: {
        'remove.confirm': 'removing',
        'remove.cancel': { target: 'listed', actions: 'forgetChoice' },
      },
    },
    removing: {
      description: 'docs/decisions/security.md: Passkeys: DELETE /api/me/passkeys/{id}',
      tags: ['busy'],
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.chosen ?? 0 }),
        onDone: { target: 'listed', actions: ['dropChosen', 'forgetChoice'] },
        onError: [
          { guard: 'isGone', target: 'listed', actions: ['dropChosen', 'forgetChoice'] },
          { target: 'listed', actions: ['keepFailure', 'forgetChoice'] },
        ],
      },
    },
  },
});

export type PasskeysActorRef = ActorRefFrom<typeof passkeysMachine>;

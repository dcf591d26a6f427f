import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import type { Passkey } from '../../api/contract/passkeys';
import { ceremonyRefusalOf, ceremonyRefusedAs } from '../form/ceremonyRefusal';
import { output } from '../form/output';
import { refusalFrom } from '../form/refusal';
import { STEP_UP_ACTORS, STEP_UP_GUARDS, steppingUp, whenStepUpRequired } from '../stepUp/stepUpAround';
import { ADD_PASSKEY_PLACES, addInputOf, isNameValid, nameErrors } from './addPasskey.rules';
import type {
  AddPasskeyContext,
  AddPasskeyEvent,
  AddPasskeyInput,
  AddPasskeyMachineInput,
  AddPasskeyOutput,
  PasskeyCreationOptionsWire,
  PasskeyRegistrationResponseWire,
} from './addPasskey.types';

export type { AddPasskeyContext, AddPasskeyEvent, AddPasskeyOutput } from './addPasskey.types';

/**
 * docs/decisions/security.md: Passkeys, adding one on /me's Security part: an optional name; the options
 * (POST /api/me/passkeys/options), and when the server answers step_up_required_error the step-up child asks for
 * the proof and the options are asked again; the browser's ceremony (user verification required, resident key
 * preferred, attestation none: the server's options say so); the register call (POST /api/me/passkeys) with the
 * name, else the server names it after the browser. Every refusal is said and the form stays usable.
 *
 * Outside world: actor slots `getOptions` (-> the creation options), `createPasskey` ({ options } -> the
 * browser's credential; its errors are the browser's, read by ceremonyRefusalOf), `register` (AddPasskeyInput ->
 * the passkey) and `stepUp` (machines/stepUp, provided with its own call by the route).
 */
export const addPasskeyMachine = setup({
  types: {} as {
    context: AddPasskeyContext;
    input: AddPasskeyMachineInput;
    events: AddPasskeyEvent;
    output: AddPasskeyOutput;
    tags: 'busy';
    children: {
      getOptions: 'getOptions';
      createPasskey: 'createPasskey';
      register: 'register';
      stepUp: 'stepUp';
    };
  },
  actors: {
    /** POST /api/me/passkeys/options. */
    getOptions: fromPromise<PasskeyCreationOptionsWire>(async () => {
      throw new Error('actor getOptions must be provided');
    }),
    /** The browser's navigator.credentials.create with the server's options. */
    createPasskey: fromPromise<PasskeyRegistrationResponseWire, { options: PasskeyCreationOptionsWire }>(
      async () => {
        throw new Error('actor createPasskey must be provided');
      },
    ),
    /** POST /api/me/passkeys with the browser's credential and the name. */
    register: fromPromise<Passkey, AddPasskeyInput>(async () => {
      throw new Error('actor register must be provided');
    }),
    /** The proof (docs/decisions/security.md: Step-up); the route provides it with POST /api/me/step_up. */
    ...STEP_UP_ACTORS,
  },
  guards: {
    isNameValid: ({ context }) => isNameValid(context),
    ...STEP_UP_GUARDS,
    isAlreadyRegistered: ({ event }) => failureOf(event).code === 'passkey_already_registered_error',
    browserCancelled: ceremonyRefusedAs('cancelled'),
    browserTimedOut: ceremonyRefusedAs('timedOut'),
    browserNotSupported: ceremonyRefusedAs('notSupported'),
    browserHasIt: ceremonyRefusedAs('alreadyRegistered'),
  },
  actions: {
    storeField: assign(({ event }) => {
      if (event.type !== 'field.change') return {};
      return { [event.field]: event.value, fieldErrors: {}, error: undefined, refusal: undefined };
    }),
    showValidationErrors: assign(({ context }) => ({ fieldErrors: nameErrors(context), error: undefined })),
    clearRefusal: assign({ fieldErrors: {}, error: undefined, refusal: undefined }),
    keepOptions: assign((_, options: PasskeyCreationOptionsWire) => ({ options })),
    keepCredential: assign((_, credential: PasskeyRegistrationResponseWire) => ({ credential })),
    keepAdded: assign((_, added: Passkey) => ({ added })),
    showCeremonyRefusal: assign({
      refusal: ({ event }) => ceremonyRefusalOf((event as { error?: unknown }).error),
      error: undefined,
    }),
    showServerRefusal: assign(({ event }) => ({
      ...refusalFrom(failureOf(event), ADD_PASSKEY_PLACES),
      refusal: 'invalid' as const,
    })),
    showAlreadyRegistered: assign(({ event }) => ({
      ...refusalFrom(failureOf(event), ADD_PASSKEY_PLACES),
      refusal: 'alreadyRegistered' as const,
    })),
    /** The ceremony's challenge and credential are used once: neither is kept after its step. */
    forgetOptions: assign({ options: undefined }),
    forgetCredential: assign({ credential: undefined }),
  },
}).createMachine({
  id: 'addPasskey',
  description:
    "docs/decisions/security.md: Passkeys: 'Add a passkey' on /me, behind the step-up; an optional name, the browser's ceremony, the server's check",
  context: ({ input }) => ({
    twoFactorEnabled: input.twoFactorEnabled,
    name: '',
    options: undefined,
    credential: undefined,
    refusal: undefined,
    fieldErrors: {},
    error: undefined,
    added: undefined,
  }),
  output: ({ context }) => ({ passkey: context.added }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'docs/decisions/security.md: Passkeys (Naming): an optional name (1 to 64 characters), else the browser and system it is made on',
      on: {
        'field.change': { actions: 'storeField' },
        'form.submit': [
          { guard: 'isNameValid', target: 'gettingOptions' },
          { actions: 'showValidationErrors' },
        ],
      },
    },
    gettingOptions: {
      description:
        'docs/decisions/security.md: Passkeys: POST /api/me/passkeys/options (asked again after a step-up)',
      tags: ['busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'getOptions',
        src: 'getOptions',
        onDone: { target: 'askingBrowser', actions: { type: 'keepOptions', params: output } },
        onError: [whenStepUpRequired(), { target: 'refused.invalid', actions: 'showServerRefusal' }],
      },
    },
    steppingUp: steppingUp({ again: 'gettingOptions', back: 'editing', what: 'the options call' }),
    askingBrowser: {
      description:
        "docs/decisions/security.md: Passkeys: the browser's dialog makes the passkey (user verification required, resident key preferred, attestation none)",
      tags: ['busy'],
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        input: ({ context }) => ({ options: context.options as PasskeyCreationOptionsWire }),
        onDone: { target: 'verifying', actions: { type: 'keepCredential', params: output } },
        onError: [
          { guard: 'browserCancelled', target: 'refused.cancelled', actions: 'showCeremonyRefusal' },
          { guard: 'browserTimedOut', target: 'refused.timedOut', actions: 'showCeremonyRefusal' },
          { guard: 'browserNotSupported', target: 'refused.notSupported', actions: 'showCeremonyRefusal' },
          { guard: 'browserHasIt', target: 'refused.alreadyRegistered', actions: 'showCeremonyRefusal' },
          { target: 'refused.invalid', actions: 'showCeremonyRefusal' },
        ],
      },
      exit: 'forgetOptions',
    },
    verifying: {
      description:
        'docs/decisions/security.md: Passkeys: POST /api/me/passkeys checks the new passkey and keeps it',
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => addInputOf(context),
        onDone: { target: 'done', actions: { type: 'keepAdded', params: output } },
        onError: [
          {
            guard: 'isAlreadyRegistered',
            target: 'refused.alreadyRegistered',
            actions: 'showAlreadyRegistered',
          },
          { target: 'refused.invalid', actions: 'showServerRefusal' },
        ],
      },
      exit: 'forgetCredential',
    },
    refused: {
      description:
        'docs/decisions/security.md: Passkeys: says why no passkey was added; the name stays, a new try or a change goes on',
      on: {
        'field.change': { target: 'editing', actions: 'storeField' },
        'form.submit': 'gettingOptions',
      },
      initial: 'cancelled',
      states: {
        cancelled: {
          description:
            "docs/decisions/security.md: Passkeys: the browser's dialog was closed (NotAllowedError, AbortError)",
        },
        timedOut: {
          description: "docs/decisions/security.md: Passkeys: the browser's dialog ran out of time",
        },
        notSupported: {
          description:
            'docs/decisions/security.md: Passkeys: this browser or device cannot make this passkey (NotSupportedError)',
        },
        alreadyRegistered: {
          description:
            'docs/decisions/security.md: Passkeys: this authenticator already holds a passkey of the account (InvalidStateError, passkey_already_registered_error)',
        },
        invalid: {
          description:
            'docs/decisions/security.md: Passkeys: the server refused (passkey_invalid_error, rate limit, a failed call) or the browser failed otherwise',
        },
      },
    },
    done: {
      description: 'docs/decisions/security.md: Passkeys: the passkey is added; the list is read again',
      type: 'final',
    },
  },
});

export type AddPasskeyActorRef = ActorRefFrom<typeof addPasskeyMachine>;

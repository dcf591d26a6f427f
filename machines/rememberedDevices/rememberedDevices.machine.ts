import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { output } from '../form/output';
import { pageRefusal } from '../form/refusal';
import {
  actionFailedState,
  loadFailedState,
  SIGNED_IN_GUARDS,
  signedOutState,
  whenSignedOut,
} from '../form/signedInList';
import { GONE_CODE, withoutDevice } from './rememberedDevices.rules';
import type {
  ForgetDeviceInput,
  RememberedDevice,
  RememberedDevicesContext,
  RememberedDevicesEvent,
} from './rememberedDevices.types';

/**
 * docs/decisions/security.md: Remember this device. The browsers of the user that skip the one-time code at login
 * (GET /api/me/remembered-devices) and 'Forget this device' for each (DELETE /api/me/remembered-devices/{id}): no
 * step-up, as forgetting only takes a convenience away. A device already gone on the server (forgotten in another
 * tab, expired) leaves the list as a forgotten one does; a 401 means this session has ended (to /login).
 *
 * Actor slots: `getRememberedDevices` (-> RememberedDevice[]) and `forgetRememberedDevice` ({ id }).
 */
export const rememberedDevicesMachine = setup({
  types: {} as {
    context: RememberedDevicesContext;
    events: RememberedDevicesEvent;
    tags: 'busy';
    children: {
      getRememberedDevices: 'getRememberedDevices';
      forgetRememberedDevice: 'forgetRememberedDevice';
    };
  },
  actors: {
    getRememberedDevices: fromPromise<RememberedDevice[]>(async () => {
      throw new Error('actor getRememberedDevices must be provided');
    }),
    forgetRememberedDevice: fromPromise<void, ForgetDeviceInput>(async () => {
      throw new Error('actor forgetRememberedDevice must be provided');
    }),
  },
  guards: {
    hasDevices: ({ context }) => context.devices.length > 0,
    /** 401: this session has ended (signed out elsewhere, expired): the visitor belongs on the login page. */
    ...SIGNED_IN_GUARDS,
    isGone: ({ event }) => failureOf(event).code === GONE_CODE,
  },
  actions: {
    keepDevices: assign((_, devices: RememberedDevice[]) => ({ devices, error: undefined })),
    keepFailure: assign({ error: ({ event }) => pageRefusal(failureOf(event)) }),
    forgetFailure: assign({ error: undefined }),
    chooseDevice: assign({
      forgetting: ({ event }) => (event.type === 'device.forget' ? event.id : undefined),
      error: undefined,
    }),
    dropForgotten: assign({
      devices: ({ context }) => withoutDevice(context.devices, context.forgetting),
      forgetting: undefined,
    }),
    keepNoChoice: assign({ forgetting: undefined }),
    /** Effect: the session is gone; the route goes to /login. */
    signedOut: () => {},
  },
}).createMachine({
  id: 'rememberedDevices',
  description:
    "docs/decisions/security.md: Remember this device: the browsers that skip the code at login, 'Forget this device' for each",
  context: { devices: [], forgetting: undefined, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: 'docs/decisions/security.md: Remember this device: GET /api/me/remembered-devices',
      tags: ['busy'],
      invoke: {
        id: 'getRememberedDevices',
        src: 'getRememberedDevices',
        onDone: { target: 'showing', actions: { type: 'keepDevices', params: output } },
        onError: [whenSignedOut, { target: 'loadFailed', actions: 'keepFailure' }],
      },
    },
    loadFailed: loadFailedState('forgetFailure'),
    showing: {
      description:
        'docs/decisions/security.md: Remember this device: the list, or the word that there is none',
      entry: 'keepNoChoice',
      always: [{ guard: 'hasDevices', target: 'listed' }, { target: 'empty' }],
    },
    listed: {
      description:
        "docs/decisions/security.md: Remember this device: browser and system, remembered and until when, this one marked; 'Forget this device' (no step-up)",
      on: { 'device.forget': { target: 'forgetting', actions: 'chooseDevice' } },
    },
    empty: {
      description:
        'docs/decisions/security.md: Remember this device: no device is remembered (ticked at a code login, it appears here)',
    },
    forgetting: {
      description:
        'docs/decisions/security.md: Remember this device: DELETE /api/me/remembered-devices/{id}; one already gone leaves the list too',
      tags: ['busy'],
      invoke: {
        id: 'forgetRememberedDevice',
        src: 'forgetRememberedDevice',
        input: ({ context }) => ({ id: context.forgetting ?? '' }),
        onDone: { target: 'showing', actions: 'dropForgotten' },
        onError: [
          { guard: 'isGone', target: 'showing', actions: 'dropForgotten' },
          whenSignedOut,
          { target: 'forgetFailed', actions: 'keepFailure' },
        ],
      },
    },
    forgetFailed: actionFailedState({
      description:
        'docs/decisions/security.md: Remember this device: forgetting failed; try again or leave it',
      again: 'forgetting',
    }),
    signedOut: signedOutState(
      'docs/decisions/security.md: Sessions and devices: a 401 means this session has ended (to /login)',
    ),
  },
});

export type RememberedDevicesActorRef = ActorRefFrom<typeof rememberedDevicesMachine>;

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
import { STEP_UP_ACTORS, STEP_UP_GUARDS, steppingUp, whenStepUpRequired } from '../stepUp/stepUpAround';
import { hasOtherSessions } from './sessions.rules';
import type {
  DeviceSession,
  EndSessionInput,
  SessionsContext,
  SessionsEvent,
  SessionsMachineInput,
} from './sessions.types';

/**
 * docs/decisions/security.md: Sessions and devices. The list of the user's live sessions (GET /api/me/sessions), signing one
 * out (DELETE /api/me/sessions/{id}) and every other one after a confirmation (DELETE /api/me/sessions). Ending
 * this session from the list is signing out: the `signedOut` effect (provided by the route) goes to /login, as
 * does any call answered 401 (the session ended elsewhere: docs/security.md: Sessions). Signing another session
 * or all others out can put the owner out, so the server asks for a fresh step-up (docs/security.md: Every change
 * and the proof it needs): 'Confirm it's you', then the sign-out is sent again (machines/stepUp/stepUpAround.ts).
 *
 * Actor slots: `getSessions` (-> DeviceSession[]), `endSession` ({ id }), `endOtherSessions` (-> { ended }) and
 * `stepUp` (machines/stepUp, provided with its own call by the route).
 */
export const sessionsMachine = setup({
  types: {} as {
    context: SessionsContext;
    input: SessionsMachineInput;
    events: SessionsEvent;
    tags: 'busy';
    children: {
      getSessions: 'getSessions';
      endSession: 'endSession';
      endOtherSessions: 'endOtherSessions';
      stepUp: 'stepUp';
    };
  },
  actors: {
    getSessions: fromPromise<DeviceSession[]>(async () => {
      throw new Error('actor getSessions must be provided');
    }),
    endSession: fromPromise<void, EndSessionInput>(async () => {
      throw new Error('actor endSession must be provided');
    }),
    endOtherSessions: fromPromise<{ ended: number }>(async () => {
      throw new Error('actor endOtherSessions must be provided');
    }),
    /** The proof (docs/decisions/security.md: Step-up); the route provides it with POST /api/me/step_up. */
    ...STEP_UP_ACTORS,
  },
  guards: {
    ...STEP_UP_GUARDS,
    hasOthers: ({ context }) => hasOtherSessions(context.sessions),
    /** 401: this session has ended (signed out elsewhere, expired): the visitor belongs on the login page. */
    ...SIGNED_IN_GUARDS,
    endedThisSession: ({ context }) =>
      context.sessions.some((session) => session.id === context.ending && session.current),
  },
  actions: {
    keepSessions: assign((_, sessions: DeviceSession[]) => ({ sessions, error: undefined })),
    keepFailure: assign({ error: ({ event }) => pageRefusal(failureOf(event)) }),
    forgetFailure: assign({ error: undefined }),
    chooseSession: assign({
      ending: ({ event }) => (event.type === 'session.end' ? event.id : undefined),
      error: undefined,
    }),
    forgetEnding: assign({ ending: undefined }),
    dropEnded: assign({
      sessions: ({ context }) => context.sessions.filter((session) => session.id !== context.ending),
      ending: undefined,
    }),
    keepOnlyThisSession: assign({
      sessions: ({ context }) => context.sessions.filter((session) => session.current),
    }),
    /** Effect: the session is gone; the route goes to /login. */
    signedOut: () => {},
    /**
     * Effect: every other session ended, and with them every remembered device of the account
     * (docs/decisions/security.md: Remember this device); the owner draws that list afresh.
     */
    othersSignedOut: () => {},
  },
}).createMachine({
  id: 'sessions',
  description:
    'docs/decisions/security.md: Sessions and devices: the live sessions, sign out one, sign out all others',
  context: ({ input }) => ({
    twoFactorEnabled: input.twoFactorEnabled,
    sessions: [],
    ending: undefined,
    error: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'docs/decisions/security.md: Sessions and devices: GET /api/me/sessions',
      tags: ['busy'],
      invoke: {
        id: 'getSessions',
        src: 'getSessions',
        onDone: { target: 'showing', actions: { type: 'keepSessions', params: output } },
        onError: [whenSignedOut, { target: 'loadFailed', actions: 'keepFailure' }],
      },
    },
    loadFailed: loadFailedState('forgetFailure'),
    showing: {
      description: 'docs/decisions/security.md: Sessions and devices: the list, or this session alone',
      entry: 'forgetEnding',
      always: [{ guard: 'hasOthers', target: 'listed' }, { target: 'alone' }],
    },
    listed: {
      description:
        'docs/decisions/security.md: Sessions and devices: browser and system, first and last seen, this one marked; sign out one or all others',
      on: {
        'session.end': { target: 'endingOne', actions: 'chooseSession' },
        'others.end': 'confirmingOthers',
      },
    },
    alone: {
      description:
        'docs/decisions/security.md: Sessions and devices: no other session; this one can still be signed out',
      on: { 'session.end': { target: 'endingOne', actions: 'chooseSession' } },
    },
    confirmingOthers: {
      description:
        'docs/decisions/security.md: Sessions and devices: signing every other device out asks first',
      on: { 'others.confirm': 'endingOthers', 'others.cancel': 'listed' },
    },
    endingOne: {
      description:
        'docs/decisions/security.md: Sessions and devices: DELETE /api/me/sessions/{id} (another session: sent again after a step-up)',
      tags: ['busy'],
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ id: context.ending ?? '' }),
        onDone: [
          { guard: 'endedThisSession', target: 'signedOut' },
          { target: 'showing', actions: 'dropEnded' },
        ],
        onError: [
          whenStepUpRequired('steppingUpToEndOne'),
          whenSignedOut,
          { target: 'endOneFailed', actions: 'keepFailure' },
        ],
      },
    },
    steppingUpToEndOne: steppingUp({ again: 'endingOne', back: 'showing', what: 'the sign-out' }),
    endOneFailed: actionFailedState({
      description:
        'docs/decisions/security.md: Sessions and devices: signing one out failed; try again or leave it',
      again: 'endingOne',
    }),
    endingOthers: {
      description:
        'docs/decisions/security.md: Sessions and devices: DELETE /api/me/sessions (all others; sent again after a step-up)',
      tags: ['busy'],
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: { target: 'showing', actions: ['keepOnlyThisSession', 'othersSignedOut'] },
        onError: [
          whenStepUpRequired('steppingUpToEndOthers'),
          whenSignedOut,
          { target: 'endOthersFailed', actions: 'keepFailure' },
        ],
      },
    },
    steppingUpToEndOthers: steppingUp({
      again: 'endingOthers',
      back: 'showing',
      what: 'signing the others out',
    }),
    endOthersFailed: actionFailedState({
      description:
        'docs/decisions/security.md: Sessions and devices: signing the others out failed; try again or leave it',
      again: 'endingOthers',
    }),
    signedOut: signedOutState(
      'docs/decisions/security.md: Sessions and devices: ending this session from the list is signing out; a 401 too (to /login)',
    ),
  },
});

export type SessionsActorRef = ActorRefFrom<typeof sessionsMachine>;

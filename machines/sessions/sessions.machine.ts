import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { pageRefusal } from '../form/refusal';
import { hasOtherSessions } from './sessions.rules';
import type { DeviceSession, EndSessionInput, SessionsContext, SessionsEvent } from './sessions.types';

const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

/**
 * docs/decisions.md: Sessions and devices. The list of the user's live sessions (GET /api/me/sessions), signing one
 * out (DELETE /api/me/sessions/{id}) and every other one after a confirmation (DELETE /api/me/sessions). Ending
 * this session from the list is signing out: the `signedOut` effect (provided by the route) goes to /login, as
 * does any call answered 401 (the session ended elsewhere: docs/security.md: Sessions).
 *
 * Actor slots: `getSessions` (-> DeviceSession[]), `endSession` ({ id }), `endOtherSessions` (-> { ended }).
 */
export const sessionsMachine = setup({
  types: {} as {
    context: SessionsContext;
    events: SessionsEvent;
    tags: 'busy';
    children: { getSessions: 'getSessions'; endSession: 'endSession'; endOtherSessions: 'endOtherSessions' };
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
  },
  guards: {
    hasOthers: ({ context }) => hasOtherSessions(context.sessions),
    /** 401: this session has ended (signed out elsewhere, expired): the visitor belongs on the login page. */
    isSignedOut: ({ event }) => failureOf(event).code === 'unknown_credential_error',
    endedThisSession: ({ context }) =>
      context.sessions.some((session) => session.id === context.ending && session.current),
  },
  actions: {
    keepSessions: assign({ sessions: ({ event }) => outputOf<DeviceSession[]>(event), error: undefined }),
    keepFailure: assign({ error: ({ event }) => pageRefusal(failureOf(event)) }),
    forgetFailure: assign({ error: undefined }),
    chooseSession: assign({
      ending: ({ event }) => (event.type === 'session.end' ? event.id : undefined),
      error: undefined,
    }),
    dropEnded: assign({
      sessions: ({ context }) => context.sessions.filter((session) => session.id !== context.ending),
      ending: undefined,
    }),
    keepOnlyThisSession: assign({
      sessions: ({ context }) => context.sessions.filter((session) => session.current),
    }),
    /** Effect: the session is gone; the route goes to /login. */
    signedOut: () => {},
  },
}).createMachine({
  id: 'sessions',
  description:
    'docs/decisions.md: Sessions and devices: the live sessions, sign out one, sign out all others',
  context: { sessions: [], ending: undefined, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: 'docs/decisions.md: Sessions and devices: GET /api/me/sessions',
      tags: ['busy'],
      invoke: {
        id: 'getSessions',
        src: 'getSessions',
        onDone: { target: 'showing', actions: 'keepSessions' },
        onError: [
          { guard: 'isSignedOut', target: 'signedOut' },
          { target: 'loadFailed', actions: 'keepFailure' },
        ],
      },
    },
    loadFailed: {
      description: 'docs/decisions.md: Profile and lists: a list that failed to load says so, with a retry',
      on: { retry: { target: 'loading', actions: 'forgetFailure' } },
    },
    showing: {
      description: 'docs/decisions.md: Sessions and devices: the list, or this session alone',
      always: [{ guard: 'hasOthers', target: 'listed' }, { target: 'alone' }],
    },
    listed: {
      description:
        'docs/decisions.md: Sessions and devices: browser and system, first and last seen, this one marked; sign out one or all others',
      on: {
        'session.end': { target: 'endingOne', actions: 'chooseSession' },
        'others.end': 'confirmingOthers',
      },
    },
    alone: {
      description:
        'docs/decisions.md: Sessions and devices: no other session; this one can still be signed out',
      on: { 'session.end': { target: 'endingOne', actions: 'chooseSession' } },
    },
    confirmingOthers: {
      description: 'docs/decisions.md: Sessions and devices: signing every other device out asks first',
      on: { 'others.confirm': 'endingOthers', 'others.cancel': 'listed' },
    },
    endingOne: {
      description: 'docs/decisions.md: Sessions and devices: DELETE /api/me/sessions/{id}',
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
          { guard: 'isSignedOut', target: 'signedOut' },
          { target: 'endOneFailed', actions: 'keepFailure' },
        ],
      },
    },
    endOneFailed: {
      description: 'docs/decisions.md: Sessions and devices: signing one out failed; try again or leave it',
      on: {
        retry: { target: 'endingOne', actions: 'forgetFailure' },
        dismiss: { target: 'showing', actions: 'forgetFailure' },
      },
    },
    endingOthers: {
      description: 'docs/decisions.md: Sessions and devices: DELETE /api/me/sessions (all others)',
      tags: ['busy'],
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: { target: 'showing', actions: 'keepOnlyThisSession' },
        onError: [
          { guard: 'isSignedOut', target: 'signedOut' },
          { target: 'endOthersFailed', actions: 'keepFailure' },
        ],
      },
    },
    endOthersFailed: {
      description:
        'docs/decisions.md: Sessions and devices: signing the others out failed; try again or leave it',
      on: {
        retry: { target: 'endingOthers', actions: 'forgetFailure' },
        dismiss: { target: 'showing', actions: 'forgetFailure' },
      },
    },
    signedOut: {
      description:
        'docs/decisions.md: Sessions and devices: ending this session from the list is signing out; a 401 too (to /login)',
      type: 'final',
      entry: 'signedOut',
    },
  },
});

export type SessionsActorRef = ActorRefFrom<typeof sessionsMachine>;

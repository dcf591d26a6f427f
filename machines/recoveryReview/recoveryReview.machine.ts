import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import type {
  RecoveryPasskeyInput,
  RecoveryReview,
  RecoveryReviewInput as ReviewCallInput,
} from '../../api/contract/recovery';
import { keepAnswerThen, output } from '../form/output';
import { pageRefusal } from '../form/refusal';
import {
  canKeep,
  canRemove,
  canRemoveAuthenticator,
  hasNothingToReview,
  isPasskeyGone,
  isReviewTokenRefusal,
} from './recoveryReview.rules';
import type {
  RecoveryReviewContext,
  RecoveryReviewEvent,
  RecoveryReviewInput,
  RecoveryReviewOutput,
} from './recoveryReview.types';

const DECISION = 'docs/decisions/security.md: Recovery review';

/**
 * Keeping or removing the chosen passkey: the call with the token and its id, answered by the review as it now
 * stands; a passkey gone meanwhile reads the review again, a refused token ends it.
 */
const passkeyCall = <Src extends 'keepPasskey' | 'removePasskey'>(src: Src, what: string) =>
  ({
    description: `${DECISION}: ${what}`,
    tags: 'busy',
    invoke: {
      id: src,
      src,
      input: ({ context }: { context: RecoveryReviewContext }) => ({
        token: context.token,
        id: context.passkeyId ?? 0,
      }),
      onDone: { target: 'reviewing', actions: { type: 'keepReview', params: output } },
      onError: [
        { guard: 'isTokenRefused', target: 'ended', actions: 'markExpired' },
        { guard: 'isPasskeyGone', target: 'loading' },
        { target: 'reviewing', actions: 'showFailure' },
      ],
    },
  }) as const;

/**
 * docs/decisions/security.md: Recovery review. After a recovery the owner sees every way into the account (each passkey with
 * when and from which browser it was added, whether the recovery suspended it; the authenticator app; the recovery
 * codes), keeps a suspended passkey or removes any, removes the authenticator app when the server allows it (the
 * 72-hour rule), and finishes: the token dies and the page leads to log in. A token refused on the way (its half hour
 * ran out) ends the review too, said as such.
 *
 * Outside world, actor slots (each { token } plus the passkey's id where one is meant), all answering the review as
 * it now stands but `finish`: `getReview`, `keepPasskey`, `removePasskey`, `removeAuthenticator`, `finish`.
 */
export const recoveryReviewMachine = setup({
  types: {} as {
    context: RecoveryReviewContext;
    input: RecoveryReviewInput;
    events: RecoveryReviewEvent;
    output: RecoveryReviewOutput;
    tags: 'busy';
  },
  actors: {
    getReview: fromPromise<RecoveryReview, ReviewCallInput>(async () => {
      throw new Error('actor getReview must be provided');
    }),
    keepPasskey: fromPromise<RecoveryReview, RecoveryPasskeyInput>(async () => {
      throw new Error('actor keepPasskey must be provided');
    }),
    removePasskey: fromPromise<RecoveryReview, RecoveryPasskeyInput>(async () => {
      throw new Error('actor removePasskey must be provided');
    }),
    removeAuthenticator: fromPromise<RecoveryReview, ReviewCallInput>(async () => {
      throw new Error('actor removeAuthenticator must be provided');
    }),
    finish: fromPromise<void, ReviewCallInput>(async () => {
      throw new Error('actor finish must be provided');
    }),
  },
  guards: {
    isTokenRefused: ({ event }) => isReviewTokenRefusal(failureOf(event)),
    isPasskeyGone: ({ event }) => isPasskeyGone(failureOf(event)),
    canKeep: ({ context, event }) => event.type === 'passkey.keep' && canKeep(context.review, event.id),
    canRemove: ({ context, event }) => event.type === 'passkey.remove' && canRemove(context.review, event.id),
    canRemoveAuthenticator: ({ context }) => canRemoveAuthenticator(context.review),
    hasNothingToReview: (_, review: RecoveryReview) => hasNothingToReview(review),
  },
  actions: {
    keepReview: assign((_, review: RecoveryReview) => ({
      review,
      error: undefined,
      passkeyId: undefined,
    })),
    choosePasskey: assign({
      passkeyId: ({ event }) =>
        event.type === 'passkey.keep' || event.type === 'passkey.remove' ? event.id : undefined,
    }),
    showFailure: assign({ error: ({ event }) => pageRefusal(failureOf(event)), passkeyId: undefined }),
    markExpired: assign({ expired: true, error: ({ event }) => pageRefusal(failureOf(event)) }),
  },
}).createMachine({
  id: 'recoveryReview',
  description: `${DECISION}: every way into the account after a recovery, each kept or removed, then Done`,
  context: ({ input }) => ({
    token: input.token,
    review: undefined,
    passkeyId: undefined,
    error: undefined,
    expired: false,
  }),
  output: ({ context }) => ({ expired: context.expired }),
  initial: 'loading',
  states: {
    loading: {
      description: `${DECISION}: the review is read with its token (in the body); with nothing but the password to review it finishes at once`,
      tags: ['busy'],
      invoke: {
        id: 'getReview',
        src: 'getReview',
        input: ({ context }) => ({ token: context.token }),
        // Only the password just set: nothing to keep or remove, the review finishes at once.
        onDone: keepAnswerThen({
          when: 'hasNothingToReview',
          keep: 'keepReview',
          to: 'finishing',
          otherwise: 'reviewing',
        }),
        onError: [
          { guard: 'isTokenRefused', target: 'ended', actions: 'markExpired' },
          { target: 'loadFailed', actions: 'showFailure' },
        ],
      },
    },
    loadFailed: {
      description: `${DECISION}: the review could not be read (spec 8: rate limit, unknown); a retry`,
      on: { retry: 'loading' },
    },
    reviewing: {
      description: `${DECISION}: each passkey (added when, from which browser, last used, suspended), the authenticator app (since when, from which browser) and the recovery codes; keep, remove, Done`,
      on: {
        'passkey.keep': { guard: 'canKeep', target: 'keepingPasskey', actions: 'choosePasskey' },
        'passkey.remove': { guard: 'canRemove', target: 'removingPasskey', actions: 'choosePasskey' },
        'authenticator.remove': { guard: 'canRemoveAuthenticator', target: 'removingAuthenticator' },
        'review.finish': 'finishing',
      },
    },
    keepingPasskey: passkeyCall('keepPasskey', 'a suspended passkey is kept: it signs in again'),
    removingPasskey: passkeyCall('removePasskey', 'a passkey is removed from the account'),
    removingAuthenticator: {
      description: `${DECISION}: the authenticator app and its recovery codes are removed (turned on by a session within 72 hours before the recovery)`,
      tags: ['busy'],
      invoke: {
        id: 'removeAuthenticator',
        src: 'removeAuthenticator',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'reviewing', actions: { type: 'keepReview', params: output } },
        onError: [
          { guard: 'isTokenRefused', target: 'ended', actions: 'markExpired' },
          { target: 'reviewing', actions: 'showFailure' },
        ],
      },
    },
    finishing: {
      description: `${DECISION}: Done: the token dies`,
      tags: ['busy'],
      invoke: {
        id: 'finish',
        src: 'finish',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'done',
        onError: [
          // Already dead: what Done asks for has happened.
          { guard: 'isTokenRefused', target: 'done' },
          { target: 'reviewing', actions: 'showFailure' },
        ],
      },
    },
    done: {
      description: `${DECISION}: the review is finished; the page leads to log in`,
      type: 'final',
    },
    ended: {
      description: `${DECISION}: the token was refused (its half hour ran out); the page leads to log in and says so`,
      type: 'final',
    },
  },
});

export type RecoveryReviewActorRef = ActorRefFrom<typeof recoveryReviewMachine>;

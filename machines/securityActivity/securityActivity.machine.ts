import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { output } from '../form/output';
import { pageRefusal } from '../form/refusal';
import { loadFailedState, SIGNED_IN_GUARDS, signedOutState, whenSignedOut } from '../form/signedInList';
import type {
  SecurityActivityContext,
  SecurityActivityEvent,
  SecurityActivityPage,
} from './securityActivity.types';

/**
 * docs/decisions/security.md: Security activity. The account's recent sign-ins and security changes on /me, a page at a
 * time (GET /api/me/security-activity?page=N), newest first; older and newer pages; a failed load says so with a
 * retry; a 401 (the session ended elsewhere) signs out, as every Security list does. Each row's 'This wasn't me'
 * is a link to the recovery start (the view's), not a step of this flow.
 *
 * Actor slot: `getSecurityActivity` ({ page } -> SecurityActivityPage). Effect: `signedOut` (the route goes to /login).
 */
export const securityActivityMachine = setup({
  types: {} as {
    context: SecurityActivityContext;
    events: SecurityActivityEvent;
    tags: 'busy';
    children: { getSecurityActivity: 'getSecurityActivity' };
  },
  actors: {
    getSecurityActivity: fromPromise<SecurityActivityPage, { page: number }>(async () => {
      throw new Error('actor getSecurityActivity must be provided');
    }),
  },
  guards: {
    hasRows: ({ context }) => context.entries.length > 0,
    hasOlder: ({ context }) => context.hasMore,
    hasNewer: ({ context }) => context.page > 1,
    /** 401: this session has ended (signed out elsewhere, expired): the visitor belongs on the login page. */
    ...SIGNED_IN_GUARDS,
  },
  actions: {
    keepPage: assign((_, answer: SecurityActivityPage) => ({
      page: answer.page,
      entries: answer.entries,
      hasMore: answer.hasMore,
      error: undefined,
    })),
    keepFailure: assign({ error: ({ event }) => pageRefusal(failureOf(event)) }),
    forgetFailure: assign({ error: undefined }),
    older: assign({ page: ({ context }) => context.page + 1 }),
    newer: assign({ page: ({ context }) => Math.max(1, context.page - 1) }),
    /** Effect: the session is gone; the route goes to /login. */
    signedOut: () => {},
  },
}).createMachine({
  id: 'securityActivity',
  description:
    "docs/decisions/security.md: Security activity: the account's sign-ins and security changes, a page at a time",
  context: { page: 1, entries: [], hasMore: false, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: 'docs/decisions/security.md: Security activity: GET /api/me/security-activity?page=N',
      tags: ['busy'],
      invoke: {
        id: 'getSecurityActivity',
        src: 'getSecurityActivity',
        input: ({ context }) => ({ page: context.page }),
        onDone: { target: 'shown', actions: { type: 'keepPage', params: output } },
        onError: [whenSignedOut, { target: 'loadFailed', actions: 'keepFailure' }],
      },
    },
    loadFailed: loadFailedState('forgetFailure'),
    shown: {
      description: 'docs/decisions/security.md: Security activity: the rows of a page, or none yet',
      always: [{ guard: 'hasRows', target: 'listed' }, { target: 'empty' }],
    },
    listed: {
      description:
        "docs/decisions/security.md: Security activity: each row's what, how, browser and system, when, and 'This wasn't me'; older and newer pages",
      on: {
        'page.older': { guard: 'hasOlder', target: 'loading', actions: 'older' },
        'page.newer': { guard: 'hasNewer', target: 'loading', actions: 'newer' },
      },
    },
    empty: {
      description: 'docs/decisions/security.md: Security activity: nothing recorded in the last 90 days',
      on: { 'page.newer': { guard: 'hasNewer', target: 'loading', actions: 'newer' } },
    },
    signedOut: signedOutState(
      'docs/decisions/security.md: Sessions and devices: this session ended elsewhere; the route goes to /login',
    ),
  },
});

export type SecurityActivityActorRef = ActorRefFrom<typeof securityActivityMachine>;

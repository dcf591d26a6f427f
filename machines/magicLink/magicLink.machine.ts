import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { output } from '../form/output';
import { continueTarget } from './magicLink.rules';
import type { LoginResult, MagicLinkContext, MagicLinkInput, MagicLinkMachineInput } from './magicLink.types';

/**
 * spec 2 /me with magicLinkToken (the magic-link variant of Forgot password): the token is exchanged for a
 * session, then the page continues to a safe `redirect` or to /me; a used or expired link shows a clear message
 * with a way to ask for a new one.
 *
 * The outside world comes in through one actor slot and one effect:
 * - `exchangeMagicLink` (MagicLinkInput -> LoginResult): rejecting with an ApiFailure-bearing error
 *   (magic_link_invalid_error when the link was used or has expired).
 * - `continueTo` ({ target }): the whole-page navigation once signed in, provided by the route, which checks the
 *   target (docs/decisions/security.md: Redirect targets) and reloads /me without the token when it is null or refused.
 */
export const magicLinkMachine = setup({
  types: {} as {
    context: MagicLinkContext;
    input: MagicLinkMachineInput;
    tags: 'busy';
    children: { exchangeMagicLink: 'exchangeMagicLink' };
  },
  actors: {
    exchangeMagicLink: fromPromise<LoginResult, MagicLinkInput>(async () => {
      throw new Error('actor exchangeMagicLink must be provided');
    }),
  },
  actions: {
    storeTarget: assign(({ context }, result: LoginResult) => ({
      target: continueTarget(result, context.redirect),
    })),
    /** spec 8: the failure's catalogue code. */
    showFailure: assign({ error: ({ event }) => ({ code: failureOf(event).code }) }),
    /** The whole-page navigation once signed in. An effect: provided by the route. */
    continueTo: (_, _params: { target: string | null }) => {
      throw new Error('action continueTo must be provided');
    },
  },
}).createMachine({
  id: 'magicLink',
  description:
    'spec 2 /me magicLinkToken: the link is exchanged for a session, then /me (or a safe redirect); a used or expired link shows a clear message',
  context: ({ input }) => ({ token: input.token, redirect: input.redirect, target: null, error: undefined }),
  initial: 'exchanging',
  states: {
    exchanging: {
      description: 'spec 2 /me: the magicLinkToken is exchanged for a session, with a loading text',
      tags: ['busy'],
      invoke: {
        id: 'exchangeMagicLink',
        src: 'exchangeMagicLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'continuing', actions: { type: 'storeTarget', params: output } },
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    continuing: {
      description:
        'spec 2 /me: signed in; the whole page goes to a redirect within the platform (docs/decisions/security.md: Redirect targets), else /me',
      tags: ['busy'],
      type: 'final',
      entry: { type: 'continueTo', params: ({ context }) => ({ target: context.target }) },
    },
    failed: {
      description:
        'spec 8 magic_link_invalid_error (or any failure): a clear message, a link to ask for a new magic link and one to log in',
      type: 'final',
    },
  },
});

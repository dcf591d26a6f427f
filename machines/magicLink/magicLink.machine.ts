import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import { output } from '../form/output';
import { continueTarget, isUsedOrExpired } from './magicLink.rules';
import type { LoginResult, MagicLinkContext, MagicLinkInput, MagicLinkMachineInput } from './magicLink.types';

/**
 * spec 2 /me with magicLinkToken (the magic-link variant of Forgot password): opening the link changes nothing; the
 * person presses 'Sign in' and only then is the token exchanged for a session (a mail scanner that opens the link,
 * scripts and all, does not use it up: docs/decisions/security.md: Mailed links wait for a click). Then the page
 * continues to a safe `redirect` or to /me; a used or expired link shows a clear message with a way to ask for a
 * new one, and any other failure stays on the button to try again.
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
    events: { type: 'form.submit' };
    tags: 'busy';
    children: { exchangeMagicLink: 'exchangeMagicLink' };
  },
  actors: {
    exchangeMagicLink: fromPromise<LoginResult, MagicLinkInput>(async () => {
      throw new Error('actor exchangeMagicLink must be provided');
    }),
  },
  guards: {
    isUsedOrExpired: ({ event }) => isUsedOrExpired(failureOf(event).code),
  },
  actions: {
    clearFailure: assign({ error: undefined }),
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
    'spec 2 /me magicLinkToken: the person presses Sign in, the link is exchanged for a session, then /me (or a safe redirect); a used or expired link shows a clear message',
  context: ({ input }) => ({ token: input.token, redirect: input.redirect, target: null, error: undefined }),
  initial: 'asking',
  states: {
    asking: {
      description:
        'docs/decisions/security.md: Mailed links wait for a click: the opened link uses nothing; a Sign in button sends it (after a failure that is not a used or expired link, with the failure said, to try again)',
      on: { 'form.submit': { target: 'exchanging', actions: 'clearFailure' } },
    },
    exchanging: {
      description: 'spec 2 /me: the magicLinkToken is exchanged for a session, the button busy',
      tags: ['busy'],
      invoke: {
        id: 'exchangeMagicLink',
        src: 'exchangeMagicLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'continuing', actions: { type: 'storeTarget', params: output } },
        onError: [
          { guard: 'isUsedOrExpired', target: 'failed', actions: 'showFailure' },
          { target: 'asking', actions: 'showFailure' },
        ],
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
        'spec 8 magic_link_invalid_error: the link was used or has expired; a clear message, a link to ask for a new magic link and one to log in',
      type: 'final',
    },
  },
});

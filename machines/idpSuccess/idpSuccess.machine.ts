import { setup } from 'xstate';
import { IDP_SUCCESS_REDIRECT_MS } from '../../api/contract/limits';

/**
 * spec 2 Identity-provider pages: after a sign-in through Azure or Okta the success page shows a loader and, after
 * the delay of spec 9 (1 second), goes on to /me. The going on is an effect the route provides (`continueToMe`);
 * leaving the page stops the actor, and with it the timer.
 */
export const idpSuccessMachine = setup({
  delays: { successRedirect: IDP_SUCCESS_REDIRECT_MS },
  actions: {
    /** Effect: the route navigates to /me (replacing the success page in the history). */
    continueToMe: () => {
      throw new Error('action continueToMe must be provided');
    },
  },
}).createMachine({
  id: 'idpSuccess',
  description:
    'spec 2 Identity-provider pages: success shows a loader and after 1 second (spec 9) goes on to /me',
  initial: 'waiting',
  states: {
    waiting: {
      description:
        'spec 2 Identity-provider pages: signed in by the provider, a loader for the delay of spec 9',
      after: { successRedirect: 'continuing' },
    },
    continuing: {
      description: 'spec 2 Identity-provider pages: on to /me',
      type: 'final',
      entry: 'continueToMe',
    },
  },
});

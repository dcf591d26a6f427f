/**
 * The production view of each flow, and how the explorer runs its machine: the model test's samples
 * (machines/<flow>/<flow>.samples.ts, shared with the model test) and no-op stand-ins for whole-page effects.
 * A flow without an entry here shows its diagram, paths and transitions, without a screen.
 */
import type { ReactElement } from 'react';
import type { AnyActorRef } from 'xstate';
import { loginSamples } from '../../machines/login/login.samples';
import type { MachineName } from '../../machines/registry';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetup/twoFactorSetup.machine';
import { createFakeActors } from '../../test/model/fakes';
import { LoginView } from '../login/LoginView';
import type { LoginActorRef } from '../login/types';
import type { ReplayOptions } from './replay';

export interface FlowScreen {
  options: () => ReplayOptions;
  render: (actorRef: AnyActorRef) => ReactElement;
}

/** Links of a shown screen go nowhere: the explorer shows the screen, it does not run the site around it. */
const inertLink = (_target: string, children: ReactElement | string | unknown) => (
  <a href="#top">{children as ReactElement}</a>
);

export const flowScreens: Partial<Record<MachineName, FlowScreen>> = {
  login: {
    options: () => ({
      samples: loginSamples,
      implementations: { actions: { redirect: () => {} } },
      // The setup is part of the login screen: its machine runs for real, with its own calls as fakes.
      actors: {
        twoFactorSetup: twoFactorSetupMachine.provide({
          actors: createFakeActors(twoFactorSetupMachine).logic,
        }),
      },
    }),
    render: (actorRef) => <LoginView actorRef={actorRef as LoginActorRef} renderLink={inertLink} />,
  },
};

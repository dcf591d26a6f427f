import type { ActorRefFrom } from 'xstate';
import type { twoFactorPanelMachine } from '../../machines/twoFactorPanel/twoFactorPanel.machine';

/** The running /me two-factor panel, as each part of its view receives it. */
export type TwoFactorPanelActorRef = ActorRefFrom<typeof twoFactorPanelMachine>;

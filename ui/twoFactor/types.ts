import type { ActorRefFrom } from 'xstate';
import type { twoFactorSetupMachine } from '../../machines/twoFactorSetup/twoFactorSetup.machine';

/** The running two-factor setup, as every part of its view receives it. */
export type TwoFactorSetupActorRef = ActorRefFrom<typeof twoFactorSetupMachine>;

import type { ActorRefFrom } from 'xstate';
import type { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';

/** The step-up child a parent flow runs (its `children.stepUp`). */
export type StepUpActorRef = ActorRefFrom<typeof stepUpMachine>;

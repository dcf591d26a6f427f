/**
 * The step-up around a guarded call (docs/decisions/security.md: One step-up around every guarded call): the one
 * skeleton every flow whose call the server may answer with step_up_required_error composes. The call's onError
 * lists `whenStepUpRequired()` first; its sibling `steppingUp(...)` invokes the step-up child (machines/stepUp,
 * provided by the route with its own calls) and, once the proof is accepted, enters the call again; the child's
 * Cancel (`stepUp.cancel`) goes back without sending. The flow's setup spreads `STEP_UP_ACTORS` and
 * `STEP_UP_GUARDS`, its context has `twoFactorEnabled` (the proof asked: a one-time code when two-factor is on, else
 * the password), and its view shows the child `stepUpChild` selects.
 *
 * The states stay in the flow (not in a grandchild machine) so each flow's diagram, model paths and view read the
 * step-up where it happens, under the same state names in every flow.
 */
import { type ActorRefFrom, fromPromise } from 'xstate';
import { failureOf } from '../../api/contract/errorCodes';
import type { stepUpMachine } from './stepUp.machine';

/**
 * The step-up slot of a guarded flow's setup: it throws until provided, as every slot does; the route provides the
 * step-up child with POST /api/me/step_up and the passkey (containers/me/stepUpProof.ts). Typed as that child, so views
 * read it as one. Not the child itself: the login runs the two-factor setup too, and would carry the step-up
 * machine in its first load for a step it never takes.
 */
export const STEP_UP_ACTORS = {
  stepUp: fromPromise(async () => {
    throw new Error('actor stepUp must be provided');
  }) as unknown as typeof stepUpMachine,
};

/** The one guard of the skeleton: the server asks for a fresh proof before it does the change. */
export const STEP_UP_GUARDS = {
  isStepUpRequired: ({ event }: { event: object }) => failureOf(event).code === 'step_up_required_error',
};

/** The first branch of a guarded call's onError: on to its step-up state (`steppingUp` unless the flow has two). */
export const whenStepUpRequired = <T extends string = 'steppingUp'>(target: T = 'steppingUp' as T) =>
  ({ guard: 'isStepUpRequired', target }) as const;

export interface SteppingUpOptions {
  /** The guarded call's state, entered again once the proof is accepted. */
  again: string;
  /** Where the child's Cancel goes: the form (or page) the call was sent from, nothing sent. */
  back: string;
  /** What is sent again, for the state's description ("the change", "the request"). */
  what: string;
}

/** The state asking 'Confirm it's you' (the invoked child `stepUp`), then sending the call again. */
export const steppingUp = ({ again, back, what }: SteppingUpOptions) =>
  ({
    description: `docs/decisions/security.md: Step-up: the server answered step_up_required_error; 'Confirm it's you', then ${what} is sent again; Cancel goes back, nothing sent`,
    invoke: {
      id: 'stepUp',
      src: 'stepUp',
      input: ({ context }: { context: { twoFactorEnabled: boolean } }) => ({
        twoFactorEnabled: context.twoFactorEnabled,
      }),
      onDone: again,
    },
    on: { 'stepUp.cancel': back },
  }) as const;

/** The step-up child a guarded flow runs while it asks (its `children.stepUp`). */
export type StepUpActorRef = ActorRefFrom<typeof stepUpMachine>;

/** The views' selector: the step-up child while the flow asks for the proof, else undefined (it stops with it). */
export const stepUpChild = (snapshot: {
  children: { stepUp?: StepUpActorRef };
}): StepUpActorRef | undefined => snapshot.children.stepUp;

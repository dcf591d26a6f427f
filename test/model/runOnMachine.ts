import type { Actor, AnyStateMachine } from 'xstate';
import type { FakeCall } from './fakes';
import type { Model, ModelPath } from './model';
import { startSession } from './session';
import { replaySteps } from './stepFailure';

export interface MachineRun<TMachine extends AnyStateMachine> {
  /** The real actor, stopped, in the state the path ends in. */
  actor: Actor<TMachine>;
  /** Every call the machine made to its actor slots, with its input. */
  calls: FakeCall[];
}

/**
 * Replays a model path on a real actor of the production machine (`createActor(machine.provide(fakes))`):
 * sends each event, or settles the deferred fake actor / fires the timer behind it, and checks after every
 * step that the real actor is in the state (value and context) the model says.
 */
export async function runOnMachine<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  path: ModelPath,
): Promise<MachineRun<TMachine>> {
  const session = startSession(model);
  try {
    await replaySteps(path.steps, {
      start: () => {
        session.start();
        session.expectAt({ state: model.graph.initial, stateKey: model.initialKey });
      },
      take: async (step) => {
        await session.deliver(step.event);
        session.expectAt(step, step.event);
      },
    });
    return { actor: session.actor, calls: session.fakes.calls };
  } finally {
    session.stop();
  }
}

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { ActorRefFrom, AnyMachineSnapshot, AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import type { Model, ModelPath } from './model';
import { sourceOf, startSession } from './session';
import { assertionLine, atStep, replaySteps } from './stepFailure';

export type Screen = typeof screen;

/** Checks what the screen shows in a state. Runs until it passes or times out (React may still be rendering). */
export type StateAssertion<TMachine extends AnyStateMachine> = (
  screen: Screen,
  snapshot: SnapshotFrom<TMachine>,
) => void | Promise<void>;

/** Makes the event happen the way a user would (typing, clicking); `actorRef` is there for events no view sends. */
export type EventDriver<TMachine extends AnyStateMachine> = (
  screen: Screen,
  user: UserEvent,
  event: EventObject,
  actorRef: ActorRefFrom<TMachine>,
) => void | Promise<void>;

/**
 * The driver of a form's `field.change { field, value }` as a person does it: the field `input` finds is
 * cleared, then typed into.
 */
export const typingInto =
  <Field extends string>(input: (screen: Screen, field: Field) => HTMLElement) =>
  async (screen: Screen, user: UserEvent, event: EventObject): Promise<void> => {
    const { field, value } = event as unknown as { field: Field; value: string };
    const element = input(screen, field);
    await user.clear(element);
    await user.type(element, value);
  };

export interface ScreenOptions<TMachine extends AnyStateMachine> {
  /** The real view of the machine, given the running actor. */
  render: (actorRef: ActorRefFrom<TMachine>) => ReactElement;
  /**
   * Keyed by dotted state path ('pending', 'form.editing'). Every atomic state the machine can rest in needs
   * one; a key of a parent state also runs in each of its children.
   */
  stateAssertions: Record<string, StateAssertion<TMachine>>;
  /** Keyed by event type, for the machine's own events. Actor outcomes and delays need no driver. */
  eventDrivers?: Record<string, EventDriver<TMachine>>;
  /** How long a state may take to show on screen (default 1000 ms). */
  timeout?: number;
}

/** Missing or unknown state assertion keys, checked before anything is rendered. */
export function checkStateAssertions(model: Model, keys: readonly string[]): void {
  const known = new Set(model.definition.states.map((state) => state.path));
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length)
    throw new Error(`Screen assertions for states '${model.name}' does not have: ${unknown.join(', ')}`);
  const missing = model.restingStates().filter((state) => !keys.includes(state));
  if (missing.length)
    throw new Error(`No screen assertion for state(s) of '${model.name}': ${missing.join(', ')}`);
}

/**
 * Runs every assertion whose key the snapshot `matches()`, each inside `waitFor` (React may still be rendering); a
 * failure says the step and the line of the model test that asserted. Shared with runComposedOnScreen.
 */
export async function assertStateOnScreen<TMachine extends AnyStateMachine>(
  stateAssertions: Record<string, StateAssertion<TMachine>>,
  snapshot: AnyMachineSnapshot,
  where: string,
  timeout: number,
  prefix = '',
): Promise<void> {
  // The line of the model test whose assertion failed, read from the error as it is thrown (waitFor may later
  // replace a testing-library error's stack with its own).
  let line: string | undefined;
  const keys = Object.keys(stateAssertions).filter((key) => snapshot.matches(key));
  for (const key of keys) {
    const assertion = stateAssertions[key];
    const noted = (error: unknown) => {
      line = assertionLine(error) ?? line;
      throw error;
    };
    try {
      line = undefined;
      await waitFor(
        () => {
          try {
            const result = assertion?.(screen, snapshot as SnapshotFrom<TMachine>);
            return result instanceof Promise ? result.catch(noted) : result;
          } catch (error) {
            return noted(error);
          }
        },
        { timeout },
      );
    } catch (error) {
      throw atStep(
        new Error(`Screen assertion for '${prefix}${key}' failed: ${(error as Error).message}`, {
          cause: error,
        }),
        where,
        line,
      );
    }
  }
}

/**
 * Replays a model path on the rendered view: the same deferred fakes as runOnMachine, each machine event made
 * by its driver (a user action), each actor outcome by settling the fake. After every step it checks that the
 * real actor reached the model's state and then runs that state's screen assertions.
 */
export async function runOnScreen<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  path: ModelPath,
  options: ScreenOptions<TMachine>,
): Promise<void> {
  checkStateAssertions(model as unknown as Model, Object.keys(options.stateAssertions));
  const session = startSession(model);
  const actorRef = session.actor as unknown as ActorRefFrom<TMachine>;
  const user = userEvent.setup();
  const timeout = options.timeout ?? 1000;

  const assertScreen = (snapshot: AnyMachineSnapshot, where: string) =>
    assertStateOnScreen(options.stateAssertions, snapshot, where, timeout);

  try {
    session.start();
    const view = render(options.render(actorRef));
    try {
      await replaySteps(path.steps, {
        start: () => session.expectAt({ state: model.graph.initial, stateKey: model.initialKey }),
        take: async (step) => {
          if (sourceOf(step.event) !== 'send') {
            await act(() => session.deliver(step.event));
          } else {
            const driver = options.eventDrivers?.[step.event.type];
            if (!driver) throw new Error(`No event driver for '${step.event.type}' (model '${model.name}').`);
            await driver(screen, user, step.event, actorRef);
          }
          await waitFor(() => session.expectAt(step, step.event), { timeout });
        },
        shown: (where) => assertScreen(session.actor.getSnapshot() as AnyMachineSnapshot, where),
        withLine: true,
      });
    } finally {
      view.unmount();
    }
  } finally {
    session.stop();
  }
}

/**
 * A composed path on the real screens: the parent's view as the route renders it, which shows the real child's view
 * where the route does (the login's setup step, a /me part's 'Confirm it's you'). Usage: test/model/README.md
 * (Paths across machines).
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActorRefFrom, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { type ComposedModel, type ComposedPath, startComposedSession } from './compose';
import { describeMachine } from './machineDefinition';
import { assertStateOnScreen, type ScreenOptions } from './runOnScreen';
import { sourceOf } from './session';
import { replaySteps } from './stepFailure';

/** A child's part of the screen: its own model test's assertions and drivers (its view is the parent's to render). */
export type ChildScreenOptions = Pick<ScreenOptions<AnyStateMachine>, 'stateAssertions' | 'eventDrivers'>;

/** The parent's screen options (render, assertions, drivers), and per child slot (invoke id) the child's. */
export interface ComposedScreenOptions<TParent extends AnyStateMachine> extends ScreenOptions<TParent> {
  children: Record<string, ChildScreenOptions>;
}

/**
 * Missing or unknown assertion keys, per machine, checked before anything renders: every atomic or final state of
 * the composition (the declared unreachable left out) needs one, a final state of a child excepted (the parent
 * leaves the child's final state in the same step, so no screen ever rests there).
 */
export function checkComposedAssertions(
  model: ComposedModel,
  options: ComposedScreenOptions<AnyStateMachine>,
): void {
  const kept = new Set(model.definition.states.map((state) => state.id));
  const machines: Array<[string, AnyStateMachine, readonly string[]]> = [
    ['', model.parent, Object.keys(options.stateAssertions)],
    ...Object.entries(model.options.children).map(
      ([id, child]) =>
        [`${id}: `, child.machine, Object.keys(options.children[id]?.stateAssertions ?? {})] as [
          string,
          AnyStateMachine,
          readonly string[],
        ],
    ),
  ];
  for (const [prefix, machine, keys] of machines) {
    const { states } = describeMachine(machine);
    const unknown = keys.filter((key) => !states.some((state) => state.path === key));
    if (unknown.length)
      throw new Error(
        `Screen assertions for states '${prefix || machine.id}' does not have: ${unknown.join(', ')}`,
      );
    const missing = states
      .filter((state) => kept.has(state.id))
      .filter((state) => state.kind === 'atomic' || (state.kind === 'final' && !prefix))
      .map((state) => state.path)
      .filter((path) => !keys.includes(path));
    if (missing.length)
      throw new Error(
        `No screen assertion for state(s) of '${model.name}' (${prefix || 'the parent'}): ${missing.join(', ')}`,
      );
  }
}

/**
 * Replays a composed path on the parent's rendered view, with the real children and the same deferred fakes as
 * runComposedOnMachine: an event of the parent made by the parent's driver, a child's (`to: <id>`) by the child's
 * driver (given the running child), a call's answer by settling its fake. After every step the real machines must
 * be where the model says, then the parent's assertions run, and those of each child it runs.
 */
export async function runComposedOnScreen<TParent extends AnyStateMachine>(
  model: ComposedModel,
  path: ComposedPath,
  options: ComposedScreenOptions<TParent>,
): Promise<void> {
  checkComposedAssertions(model, options as unknown as ComposedScreenOptions<AnyStateMachine>);
  const session = startComposedSession(model);
  const actorRef = session.actor as unknown as ActorRefFrom<TParent>;
  const user = userEvent.setup();
  const timeout = options.timeout ?? 1000;
  const assertScreen = async (where: string) => {
    await assertStateOnScreen(
      options.stateAssertions,
      session.actor.getSnapshot() as AnyMachineSnapshot,
      where,
      timeout,
    );
    for (const [id, snapshot] of Object.entries(session.runningChildren()))
      await assertStateOnScreen(
        options.children[id]?.stateAssertions ?? {},
        snapshot,
        where,
        timeout,
        `${id}: `,
      );
  };

  try {
    session.start();
    const view = render(options.render(actorRef));
    try {
      await replaySteps(path.steps, {
        start: () => session.expectAt({ state: model.initial, stateKey: model.graph.initialKey }),
        take: async (step) => {
          const { to, ...event } = step.event;
          if (sourceOf(event) !== 'send') await act(() => session.deliver(step.event));
          else {
            const drivers = to === undefined ? options.eventDrivers : options.children[to]?.eventDrivers;
            const driver = drivers?.[event.type];
            if (!driver)
              throw new Error(
                `No event driver for '${event.type}' (${to ?? 'the parent'} of '${model.name}').`,
              );
            const ref = to === undefined ? session.actor : session.childRef(to);
            if (!ref) throw new Error(`No child '${to}' is running to receive '${event.type}'.`);
            await driver(screen, user, event, ref as never);
          }
          await waitFor(() => session.expectAt(step, step.event), { timeout });
        },
        shown: assertScreen,
        withLine: true,
      });
    } finally {
      view.unmount();
    }
  } finally {
    session.stop();
  }
}

/**
 * Model-based testing of production machines (ARCHITECTURE.md 7). Usage: test/model/README.md.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  type ComposedModel,
  type ComposedPath,
  type ComposedStep,
  runComposedOnMachine,
  unreachableOf,
} from './compose';
import { coverageFailureMessage, isComplete, runIsFiltered } from './coverage';
import { expectFullCoverage, type Model } from './model';
import { type ComposedScreenOptions, runComposedOnScreen } from './runComposedOnScreen';
import { runOnMachine } from './runOnMachine';
import { runOnScreen, type ScreenOptions } from './runOnScreen';

export { composedModel, runComposedOnMachine } from './compose';
export { expectFullCoverage, type Model, modelFor } from './model';
export { runOnMachine } from './runOnMachine';
export { runOnScreen, type ScreenOptions, typingInto } from './runOnScreen';

/**
 * The usual model test in one call: every covering path on the machine and on the view, then a check that
 * together they entered every state and took every transition. A model without a screen is refused: a flow whose
 * view is not driven by its paths is not tested (ARCHITECTURE.md 7), and must not report 100 %.
 */
export function testModel<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  options: { screen: ScreenOptions<TMachine> },
): void {
  const screen = options?.screen;
  if (!screen) throw new Error(`testModel(${model.name}): a screen is required (render, stateAssertions)`);
  describe(`model of ${model.name}`, () => {
    for (const path of model.paths()) {
      it(`machine: ${path.description}`, async () => {
        await runOnMachine(model, path);
      });
      it(`screen: ${path.description}`, async () => {
        await runOnScreen(model, path, screen);
      });
    }
    afterAll(() => expectFullCoverage(model as unknown as Model));
  });
}

/** Which composed states (the parent's value and each running child's) a step shows. */
const shownStateOf = (step: ComposedStep): string =>
  JSON.stringify([
    step.state.parent.value,
    Object.entries(step.state.children).map(([id, child]) => [id, child.snapshot.value]),
  ]);

/**
 * The composed screen run's paths: in order, each path that shows a composed state no earlier one showed. Every
 * transition is taken on the real machines by every path; on the screens each composed state is shown and asserted
 * at least once, which is what the screens add (each view's own transitions are driven by its machine's model test),
 * at a fraction of the time (a screen step costs a render and its assertions).
 */
const pathsShowingEveryState = (paths: ComposedPath[]): ComposedPath[] => {
  const shown = new Set<string>();
  return paths.filter((path) => {
    const states = path.steps.map(shownStateOf).filter((state) => !shown.has(state));
    for (const state of states) shown.add(state);
    return states.length > 0;
  });
};

/**
 * A composition's model test: per covering path one `it` on the real machines, and for the paths that show a
 * composed state no earlier one showed (pathsShowingEveryState) one on the parent's view with the children's views
 * where it shows them; one that holds the declared `unreachable` to what the graph cannot reach, and an `afterAll`
 * that fails below 100 % of the rest. Like testModel, a composition without a screen is
 * refused.
 */
export function testComposedModel<TParent extends AnyStateMachine>(
  model: ComposedModel,
  options: { screen: ComposedScreenOptions<TParent> },
): void {
  const screen = options?.screen;
  if (!screen) throw new Error(`testComposedModel(${model.name}): a screen is required (render, children)`);
  describe(`model of ${model.name}`, () => {
    const paths = model.paths();
    const onScreen = new Set(pathsShowingEveryState(paths));
    for (const path of paths) {
      it(`machine: ${path.description}`, async () => {
        await runComposedOnMachine(model, path);
      });
      if (onScreen.has(path))
        it(`screen: ${path.description}`, async () => {
          await runComposedOnScreen(model, path, screen);
        });
    }
    it('leaves out exactly what the composition cannot reach', () => {
      const declared = model.options.unreachable ?? [];
      expect(unreachableOf(model)).toEqual({
        states: declared.flatMap((entry) => entry.states ?? []).sort(),
        transitions: declared.flatMap((entry) => entry.transitions ?? []).sort(),
      });
    });
    afterAll(() => {
      const summary = model.coverage.summary();
      if (isComplete(summary) || runIsFiltered()) return;
      throw new Error(coverageFailureMessage(summary));
    });
  });
}

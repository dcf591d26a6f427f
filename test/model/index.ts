/**
 * Model-based testing of production machines (ARCHITECTURE.md 7). Usage: test/model/README.md.
 */
import { afterAll, describe, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { expectFullCoverage, type Model } from './model';
import { runOnMachine } from './runOnMachine';
import { runOnScreen, type ScreenOptions } from './runOnScreen';

export { expectFullCoverage, type Model, modelFor } from './model';
export { runOnMachine } from './runOnMachine';
export { runOnScreen, type ScreenOptions } from './runOnScreen';

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

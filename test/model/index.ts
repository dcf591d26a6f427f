/**
 * Model-based testing of production machines (ARCHITECTURE.md 7). Usage: test/model/README.md.
 */
import { afterAll, describe, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { expectFullCoverage, type Model } from './model';
import { runOnMachine } from './runOnMachine';
import { runOnScreen, type ScreenOptions } from './runOnScreen';

export type { FakeCall } from './fakes';
export {
  defaultSerializeState,
  type EventSamples,
  expectFullCoverage,
  type Model,
  type ModelOptions,
  type ModelPath,
  modelFor,
} from './model';
export { type MachineRun, runOnMachine } from './runOnMachine';
export { type EventDriver, runOnScreen, type ScreenOptions, type StateAssertion } from './runOnScreen';

/**
 * The usual model test in one call: every covering path on the machine and (when `screen` is given) on the
 * view, then a check that together they entered every state and took every transition.
 */
export function testModel<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  { screen }: { screen?: ScreenOptions<TMachine> } = {},
): void {
  describe(`model of ${model.name}`, () => {
    for (const path of model.paths()) {
      it(`machine: ${path.description}`, async () => {
        await runOnMachine(model, path);
      });
      if (screen)
        it(`screen: ${path.description}`, async () => {
          await runOnScreen(model, path, screen);
        });
    }
    afterAll(() => expectFullCoverage(model as unknown as Model));
  });
}

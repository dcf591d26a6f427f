import { describe, it } from 'vitest';
import { type Model, modelFor, runOnMachine, runOnScreen, testModel } from '../../test/model';
import { stepUpScreen } from '../../test/model/screens/stepUp';
import { stepUpMachine } from './stepUp.machine';
import { stepUpCodeSamples, stepUpSamples } from './stepUp.samples';

const model = modelFor(stepUpMachine, stepUpSamples);
/** An account with two-factor starts on the code; its walk counts on the same record (one machine). */
const codeModel: Model<typeof stepUpMachine> = {
  ...modelFor(stepUpMachine, stepUpCodeSamples),
  coverage: model.coverage,
};

// 'Confirm it's you' on its own: its assertions and drivers are shared with the compositions that run the step-up.
const screenOptions = stepUpScreen();

describe('model of stepUp for an account with two-factor (a code)', () => {
  for (const path of codeModel.paths()) {
    it(`machine: ${path.description}`, () => runOnMachine(codeModel, path));
    it(`screen: ${path.description}`, () => runOnScreen(codeModel, path, screenOptions));
  }
});

testModel(model, { screen: screenOptions });

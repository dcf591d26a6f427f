import { describe, it, vi } from 'vitest';
import { modelFor, runOnMachine, runOnScreen, testModel } from '../../test/model';
import { twoFactorSetupScreen } from '../../test/model/screens/twoFactorSetup';
import { twoFactorSetupMachine } from './twoFactorSetup.machine';
import { SETUP, twoFactorSetupSamples } from './twoFactorSetup.samples';

const downloadText = vi.fn();
const printCodes = vi.fn();

const model = modelFor(twoFactorSetupMachine, {
  ...twoFactorSetupSamples,
  implementations: {
    actions: {
      downloadText: (_: unknown, params: { filename: string; text: string }) => downloadText(params),
      printCodes,
    },
  },
});

const screenOptions = twoFactorSetupScreen({ downloadText, printCodes });

testModel(model, { screen: screenOptions });

/**
 * The covering paths above take each transition once, with whichever sample comes first. This second model
 * walks every snapshot of step 2 and 3 without a clipboard and without the enforcing organisation: every error
 * sample under the field, the short code, the fresh payload after a failure. Its coverage adds to the model's.
 */
const everyErrorModel = modelFor(twoFactorSetupMachine, {
  input: { setup: SETUP },
  paths: 'everySnapshot',
  events: {
    'code.change': [{ value: '123 456' }, { value: '12' }],
    'xstate.error.actor.verify': model.options.events?.['xstate.error.actor.verify'],
    'xstate.done.actor.verify': [],
    // Without canCopy the copy guard never passes: the model offers the event, nothing happens.
    'secret.copy': [],
    'xstate.done.actor.copyText': [],
    'xstate.error.actor.copyText': [],
  },
});

describe('model of twoFactorSetup, every snapshot of steps 2 and 3 without clipboard', () => {
  for (const path of everyErrorModel.paths()) {
    it(`machine: ${path.description}`, async () => {
      await runOnMachine(everyErrorModel, path);
    });
    it(`screen: ${path.description}`, async () => {
      await runOnScreen(everyErrorModel, path, screenOptions);
    });
  }
});

import { describe, expect, it, vi } from 'vitest';
import {
  type Model,
  modelFor,
  runOnMachine,
  runOnScreen,
  type ScreenOptions,
  testModel,
} from '../../test/model';
import { invitationSignUpScreen } from '../../test/model/screens/invitationSignUp';
import { invitationSignUpMachine } from './invitationSignUp.machine';
import { invitationSignUpSamples } from './invitationSignUp.samples';

// The setup is the twoFactorSetup machine's own screen, tested with it; here a deferred fake stands in for the
// child (its done and error are path events), so its view gets a stand-in too.
vi.mock('../../ui/twoFactor/TwoFactorSetupView', () => ({
  TwoFactorSetupView: () => <p>Two-factor setup steps</p>,
}));

const redirect = vi.fn();

const { events } = invitationSignUpSamples;
const implementations = { actions: { redirect: (_: unknown, params: unknown) => redirect(params) } };

const model = modelFor(invitationSignUpMachine, { ...invitationSignUpSamples, implementations });
/**
 * spec 2: an empty token is invalid before any call. One input per model, so this second model walks the
 * empty-token start and counts it on the first model's coverage (one machine, one record).
 */
const emptyTokenModel: Model<typeof invitationSignUpMachine> = {
  ...modelFor(invitationSignUpMachine, { input: { token: '' }, events, implementations }),
  coverage: model.coverage,
};

const screen = invitationSignUpScreen(redirect);
const screenOptions: ScreenOptions<typeof invitationSignUpMachine> = {
  ...screen,
  stateAssertions: {
    ...screen.stateAssertions,
    // The stand-in for the setup's view, where the route shows the setup.
    settingUpTwoFactor: (page, snapshot) => {
      screen.stateAssertions.settingUpTwoFactor?.(page, snapshot);
      expect(page.getByText('Two-factor setup steps')).toBeTruthy();
    },
  },
};

describe('model of invitationSignUp with an empty token (spec 2: invalid before any call)', () => {
  for (const path of emptyTokenModel.paths()) {
    it(`machine: ${path.description}`, async () => {
      const run = await runOnMachine(emptyTokenModel, path);
      expect(run.calls).toEqual([]);
    });
    it(`screen: ${path.description}`, () => runOnScreen(emptyTokenModel, path, screenOptions));
  }
});

testModel(model, { screen: screenOptions });

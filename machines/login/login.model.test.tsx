import { describe, expect, it, vi } from 'vitest';
import { OTP_LENGTH } from '../../api/contract/limits';
import { modelFor, testModel } from '../../test/model';
import { expectBoundaryVerdict, isMatch } from '../../test/model/boundaries';
import { loginScreen } from '../../test/model/screens/login';
import { loginMachine } from './login.machine';
import { loginSamples, otpBoundaries } from './login.samples';

// The setup is the twoFactorSetup machine's own screen, tested with it; here a deferred fake stands in for the
// child (its done and error are path events), so its view gets a stand-in too.
vi.mock('../../ui/twoFactor/TwoFactorSetupView', () => ({
  TwoFactorSetupView: () => <p>Two-factor setup steps</p>,
}));

const redirect = vi.fn();

const model = modelFor(loginMachine, {
  ...loginSamples,
  implementations: { actions: { redirect: (_: unknown, params: unknown) => redirect(params) } },
});

const screen = loginScreen(redirect);
testModel(model, {
  screen: {
    ...screen,
    stateAssertions: {
      ...screen.stateAssertions,
      // The stand-in for the setup's view, where the route shows the setup.
      settingUpTwoFactor: (page, snapshot) => {
        screen.stateAssertions.settingUpTwoFactor?.(page, snapshot);
        expect(page.getByText('Two-factor setup steps')).toBeTruthy();
      },
    },
  },
});

describe('spec 5 one-time code at its edges', () => {
  it.each(otpBoundaries.map((value) => [value.length, value] as const))('%i digits', (_length, value) =>
    expectBoundaryVerdict(model, {
      sends: (event) => event.type === 'field.change' && isMatch(event, { field: 'otpCode', value }),
      value,
      min: OTP_LENGTH,
      max: OTP_LENGTH,
      accepted: 'submittingCode',
      submit: 'form.submit',
    }));
});

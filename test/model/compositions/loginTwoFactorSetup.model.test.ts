/**
 * Log-in, then the enforced two-factor setup, then its recovery codes: the login machine with the real setup machine
 * in its `twoFactorSetup` slot, as routes/loginRoutes.tsx provides it (test/model/README.md: Paths across machines).
 */
import { describe, expect, it, vi } from 'vitest';
import { loginMachine } from '../../../machines/login/login.machine';
import { loginSamples } from '../../../machines/login/login.samples';
import { composedModel, runComposedOnMachine, testComposedModel } from '..';
import { loginScreen } from '../screens/login';
import { twoFactorSetupScreen } from '../screens/twoFactorSetup';
import { confirmsRecoveryCode, setupChild, setupUnreachable } from './setupChild';

const redirect = vi.fn();
const downloadText = vi.fn();
const printCodes = vi.fn();
const model = composedModel(loginMachine, {
  name: 'login+twoFactorSetup',
  // The route's input: the browser can copy (ui/twoFactor/browserEffects.ts canCopyText).
  input: { canCopy: true },
  events: loginSamples.events,
  thenSend: loginSamples.thenSend,
  implementations: { actions: { redirect: (_: unknown, params: unknown) => redirect(params) } },
  children: { twoFactorSetup: setupChild('/channel/acme', { downloadText, printCodes }) },
  unreachable: setupUnreachable('login.settingUpTwoFactor'),
});

// The log-in as its route renders it, with the real setup's view (lazily loaded) while it sets two-factor up.
testComposedModel(model, {
  screen: {
    ...loginScreen(redirect),
    children: { twoFactorSetup: twoFactorSetupScreen({ downloadText, printCodes }) },
  },
});

describe('across the machines', () => {
  it('a path logs in, sets up two-factor, confirms a recovery code and lands where the login answer says', async () => {
    const crossing = model
      .paths()
      .find((path) => path.steps.some((step) => confirmsRecoveryCode(step.event)));
    expect(crossing, 'a path through the recovery codes').toBeDefined();
    if (!crossing) return;
    redirect.mockClear();
    const { actor, calls } = await runComposedOnMachine(model, crossing);
    // The setup's input came from the login's invoke: the e-mail and password the code is sent again with.
    const verify = calls.twoFactorSetup?.find((call) => call.src === 'verify');
    expect(verify?.input).toEqual({ email: 'ada@example.com', password: 'correct horse', otpCode: '123456' });
    // The setup's output (the login's answer) became the login's redirect.
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(redirect).toHaveBeenLastCalledWith({ redirectUrl: '/channel/acme' });
  });
});

/**
 * Log-in, then the enforced two-factor setup, then its recovery codes: the login machine with the real setup machine
 * in its `twoFactorSetup` slot, as routes/loginRoutes.tsx provides it (test/model/README.md: Paths across machines).
 */
import { describe, expect, it, vi } from 'vitest';
import { loginMachine } from '../../../machines/login/login.machine';
import { loginSamples } from '../../../machines/login/login.samples';
import { twoFactorSetupMachine } from '../../../machines/twoFactorSetup/twoFactorSetup.machine';
import { CODES, twoFactorSetupSamples } from '../../../machines/twoFactorSetup/twoFactorSetup.samples';
import { composedModel, runComposedOnMachine, testComposedModel } from '../compose';

const redirect = vi.fn();
const model = composedModel(loginMachine, {
  name: 'login+twoFactorSetup',
  // The route's input: the browser can copy (ui/twoFactor/browserEffects.ts canCopyText).
  input: { canCopy: true },
  events: loginSamples.events,
  thenSend: loginSamples.thenSend,
  implementations: { actions: { redirect: (_: unknown, params: unknown) => redirect(params) } },
  children: {
    twoFactorSetup: {
      machine: twoFactorSetupMachine,
      implementations: { actions: { downloadText: () => {}, printCodes: () => {} } },
      events: {
        ...twoFactorSetupSamples.events,
        // VERIFY & SAVE is the login call again (api/actors.ts loginAsVerify): its answer is the login's, with the
        // recovery codes (docs/decisions/security.md: One-time and recovery codes) or without; it never asks for a
        // step-up, which only /me's verify does.
        'xstate.done.actor.verify': [
          { output: { redirectUrl: '/channel/acme', recoveryCodes: CODES } },
          { output: { redirectUrl: null } },
        ],
        'xstate.error.actor.verify': twoFactorSetupSamples.events['xstate.error.actor.verify'].filter(
          (sample) => !JSON.stringify(sample).includes('step_up_required_error'),
        ),
        'xstate.done.actor.stepUp': [],
      },
    },
  },
  unreachable: [
    {
      transitions: ['login.settingUpTwoFactor::xstate.error.actor.twoFactorSetup::0'],
      why: 'the real setup machine ends only in its final state; its failure is walked by the login model alone',
    },
    {
      states: ['twoFactorSetup.settingUp.codeEntry.steppingUp'],
      transitions: [
        'twoFactorSetup.settingUp.codeEntry.steppingUp::stepUp.cancel::0',
        'twoFactorSetup.settingUp.codeEntry.steppingUp::xstate.done.actor.stepUp::0',
        'twoFactorSetup.settingUp.codeEntry.verifying::xstate.error.actor.verify::0',
      ],
      why: "login's verify never answers step_up_required_error: the setup's step-up is /me's (twoFactorPanel)",
    },
  ],
});

testComposedModel(model);

describe('across the machines', () => {
  const crossing = model
    .paths()
    .find((path) =>
      path.steps.some(
        (step) => step.event.to === 'twoFactorSetup' && step.event.type === 'recovery.confirmSubmit',
      ),
    );

  it('a path logs in, sets up two-factor, confirms a recovery code and lands where the login answer says', async () => {
    expect(crossing, 'a path through the recovery codes').toBeDefined();
    if (!crossing) return;
    redirect.mockClear();
    const { actor, calls } = await runComposedOnMachine(model, crossing);
    // The setup got its input from the login's invoke: the e-mail and password to repeat the call with.
    const verify = calls.twoFactorSetup?.find((call) => call.src === 'verify');
    expect(verify?.input).toEqual({ email: 'ada@example.com', password: 'correct horse', otpCode: '123456' });
    // The setup's output (the login answer) became the login's redirect.
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(redirect).toHaveBeenLastCalledWith({ redirectUrl: '/channel/acme' });
  });
});

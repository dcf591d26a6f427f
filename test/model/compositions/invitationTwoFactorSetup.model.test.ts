/**
 * Sign-up by invitation with the organisation's enforced two-factor setup and its recovery codes: the invitation
 * machine with the real setup machine in its `twoFactorSetup` slot, as routes/registerPages.lazy.tsx provides it
 * (test/model/README.md: Paths across machines).
 */
import { describe, expect, it, vi } from 'vitest';
import { invitationSignUpMachine } from '../../../machines/invitationSignUp/invitationSignUp.machine';
import { INVITE, invitationSignUpSamples } from '../../../machines/invitationSignUp/invitationSignUp.samples';
import { composedModel, runComposedOnMachine, testComposedModel } from '..';
import { invitationSignUpScreen } from '../screens/invitationSignUp';
import { twoFactorSetupScreen } from '../screens/twoFactorSetup';
import { confirmsRecoveryCode, setupChild, setupUnreachable } from './setupChild';

const redirect = vi.fn();
const downloadText = vi.fn();
const printCodes = vi.fn();
const model = composedModel(invitationSignUpMachine, {
  name: 'invitationSignUp+twoFactorSetup',
  // The route's input: the link's token, and the browser can copy.
  input: { ...invitationSignUpSamples.input, canCopy: true },
  events: invitationSignUpSamples.events,
  implementations: { actions: { redirect: (_: unknown, params: unknown) => redirect(params) } },
  children: { twoFactorSetup: setupChild(INVITE.channel.url, { downloadText, printCodes }) },
  unreachable: [
    ...setupUnreachable('invitationSignUp.settingUpTwoFactor'),
    {
      transitions: ['invitationSignUp.checking::always::0'],
      why: "the link carries a token; an empty one never reaches the setup (the invitation model's second model)",
    },
  ],
});

// The sign-up as its route renders it, with the real setup's view while it sets two-factor up.
testComposedModel(model, {
  screen: {
    ...invitationSignUpScreen(redirect),
    children: { twoFactorSetup: twoFactorSetupScreen({ downloadText, printCodes }) },
  },
});

describe('across the machines', () => {
  it('a path registers, sets up two-factor with the registration, confirms a recovery code and goes to the channel', async () => {
    const crossing = model
      .paths()
      .find((path) => path.steps.some((step) => confirmsRecoveryCode(step.event)));
    expect(crossing, 'a path through the recovery codes').toBeDefined();
    if (!crossing) return;
    redirect.mockClear();
    const { actor, calls } = await runComposedOnMachine(model, crossing);
    // VERIFY & SAVE sends the registration again with the code (the invitation's invoke gave it as verifyWith).
    const register = calls.parent?.findLast((call) => call.src === 'registerInvite');
    const verify = calls.twoFactorSetup?.find((call) => call.src === 'verify');
    expect(verify?.input).toEqual({ ...(register?.input as object), otpCode: '123456' });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});

/**
 * The two-factor setup as the child of a sign-in or sign-up (login, invitation): the real machine, with the samples
 * of its own model except what its verify there never answers. Shared by the compositions that run it.
 */
import type { EventObject } from 'xstate';
import { twoFactorSetupMachine } from '../../../machines/twoFactorSetup/twoFactorSetup.machine';
import { CODES, twoFactorSetupSamples } from '../../../machines/twoFactorSetup/twoFactorSetup.samples';
import type { ComposedChild, Unreachable } from '../compose';

/**
 * The setup whose VERIFY & SAVE repeats the parent's own call (api/actors.ts loginAsVerify, registerInviteAsVerify):
 * its answer is that call's, with the recovery codes (docs/decisions/security.md: One-time and recovery codes) or
 * without; it never asks for a step-up, which only /me's verify does.
 */
export const setupChild = (
  redirectUrl: string | null,
  effects: { downloadText: (params: unknown) => void; printCodes: () => void },
): ComposedChild => ({
  machine: twoFactorSetupMachine,
  // The effects the route provides (ui/twoFactor/browserEffects.ts), as the screen's spies (its drivers check them).
  implementations: {
    actions: {
      downloadText: (_: unknown, params: unknown) => effects.downloadText(params),
      printCodes: () => effects.printCodes(),
    },
  },
  events: {
    ...twoFactorSetupSamples.events,
    'xstate.done.actor.verify': [
      { output: { redirectUrl, recoveryCodes: CODES } },
      { output: { redirectUrl } },
    ],
    'xstate.error.actor.verify': twoFactorSetupSamples.events['xstate.error.actor.verify'].filter(
      (sample) => !JSON.stringify(sample).includes('step_up_required_error'),
    ),
    'xstate.done.actor.stepUp': [],
  },
});

/** What a parent that runs the setup as a sign-in step cannot reach: the setup's failure and its step-up. */
export const setupUnreachable = (parentState: string): Unreachable[] => [
  {
    transitions: [`${parentState}::xstate.error.actor.twoFactorSetup::0`],
    why: "the real setup machine ends only in its final state; the parent's branch for its failure is walked by the parent's own model",
  },
  {
    states: ['twoFactorSetup.settingUp.codeEntry.steppingUp'],
    transitions: [
      'twoFactorSetup.settingUp.codeEntry.steppingUp::stepUp.cancel::0',
      'twoFactorSetup.settingUp.codeEntry.steppingUp::xstate.done.actor.stepUp::0',
      'twoFactorSetup.settingUp.codeEntry.verifying::xstate.error.actor.verify::0',
    ],
    why: "this verify never answers step_up_required_error: the setup's step-up is /me's (twoFactorPanel)",
  },
];

/** Whether a step is the recovery codes' confirmation, sent to the setup child. */
export const confirmsRecoveryCode = (event: EventObject & { to?: string }): boolean =>
  event.to === 'twoFactorSetup' && event.type === 'recovery.confirmSubmit';

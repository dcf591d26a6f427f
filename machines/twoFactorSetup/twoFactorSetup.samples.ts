/** The twoFactorSetup model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { TwoFactorSetup } from '../../api/contract/common';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { twoFactorSetupMachine } from './twoFactorSetup.machine';

export const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/Account:ada@example.com?secret=JBSWY3DPEHPK3PXP',
  dataURL: 'data:image/png;base64,AAAA',
};
/** The server may answer a wrong code with the setup payload again; if it changed, the screen follows it. */
const FRESH_SETUP: TwoFactorSetup = {
  ...SETUP,
  secret: 'KRSXG5CTMVRXEZLU',
  dataURL: 'data:image/png;base64,BBBB',
};
export const CODES = ['ab12cd', 'ef34gh'];

export const twoFactorSetupSamples = {
  input: { setup: SETUP, canCopy: true, reason: 'enforced' },
  events: {
    // A pasted code with a space (cleaned to 6 digits) and a code too short to submit.
    'code.change': [{ value: '123 456' }, { value: '12' }],
    'xstate.done.actor.verify': [
      { output: { redirectUrl: null } },
      { output: { redirectUrl: null, recoveryCodes: CODES } },
    ],
    'xstate.error.actor.verify': [
      refusal('unknown_auth_otp_code_error', { twoFactorSetup: FRESH_SETUP }),
      refusal('two_factor_setup_invalid_code_error', { details: { clockDriftMinutes: 4 } }),
      { error: new Error('offline') },
      // Only /me's verify asks (POST /api/me/2fa); the code is sent again after the proof.
      refusal('step_up_required_error'),
    ],
    'xstate.done.actor.stepUp': [{ output: { validUntil: '2026-11-24T12:10:00.000Z' } }],
    'xstate.done.actor.copyText': [{ output: undefined }],
    'xstate.error.actor.copyText': [
      { error: new DOMException('Write permission denied.', 'NotAllowedError') },
    ],
    // One of the codes as a user might type it back (capitals, a dash), and a well-formed stranger.
    'recovery.confirmChange': [{ value: 'EF-34GH' }, { value: 'zz99zz' }],
  },
} satisfies ModelSamples<typeof twoFactorSetupMachine>;

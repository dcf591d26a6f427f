/** The twoFactorPanel model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { TwoFactorSetup } from '../../api/contract/common';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { twoFactorPanelMachine } from './twoFactorPanel.machine';

const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/Account:ada@example.com?secret=JBSWY3DPEHPK3PXP',
  dataURL: 'data:image/png;base64,AAAA',
};
const SETUP_CODES = ['AB12CD', 'EF34GH', 'JK56LM', 'NP78QR'];
export const NEW_CODES = ['ST23UV', 'WX45YZ'];

export const twoFactorPanelSamples = {
  input: { twoFactorEnabled: false, account: 'ada@example.com' },
  events: {
    // A complete code and one too short for the Setup button.
    'setup.submit': [{ code: '123456' }, { code: '12' }],
    'regenerate.change': [{ value: '123 456' }, { value: '12' }],
    // Two left (the warning), none (a setup closed before it finished).
    'xstate.done.actor.getRecoveryCodeCount': [{ output: { remaining: 2 } }, { output: { remaining: 0 } }],
    'xstate.error.actor.getRecoveryCodeCount': [refusal('unknown_server_error')],
    'xstate.done.actor.getTwoFactorSecret': [{ output: SETUP }],
    'xstate.error.actor.getTwoFactorSecret': [refusal('rate_limited_error')],
    'xstate.done.actor.setup': [{ output: { recoveryCodes: SETUP_CODES } }],
    'xstate.done.actor.regenerateRecoveryCodes': [{ output: { recoveryCodes: NEW_CODES } }],
    'xstate.error.actor.regenerateRecoveryCodes': [refusal('unknown_auth_otp_code_error')],
  },
} satisfies ModelSamples<typeof twoFactorPanelMachine>;

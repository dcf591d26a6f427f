/**
 * The login machine's model samples (test/model README): the inputs and events its model walks, shared by its
 * model test and the flow explorer (/flows), which replays the same shortest paths to show each state's screen.
 */
import type { SnapshotFrom } from 'xstate';
import type { TwoFactorSetup } from '../../api/contract/common';
import type { ErrorCode } from '../../api/contract/errorCodes';
import type { ModelOptions } from '../../test/model/model';
import type { loginMachine } from './login.machine';
import { FORM_FIELDS } from './login.rules';
import type { LoginField, LoginFormName } from './login.types';

type Snapshot = SnapshotFrom<typeof loginMachine>;

export const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpURL: 'otpauth://totp/Account:ada@example.com?secret=JBSWY3DPEHPK3PXP',
  dataURL: 'data:image/png;base64,AAAA',
};
const refusal = (code: ErrorCode, extra: object = {}) => ({
  error: { failure: { code, fieldErrors: [], ...extra } },
});

/** Valid values, one per field: the empty start already makes every form's own check refuse. */
export const VALUES: Record<LoginField, string> = {
  email: 'ada@example.com',
  password: 'correct horse',
  otpCode: '123456',
  recoveryOtpCode: 'AB12CD',
};
const formOf = (snapshot: Snapshot): LoginFormName | undefined => {
  if (snapshot.matches('editingPassword')) return 'password';
  if (snapshot.matches('enteringCode')) return 'code';
  if (snapshot.matches('enteringRecoveryCode')) return 'recovery';
  return undefined;
};
/** spec 2 Login: each secondary form has a back-to-login link (also while its call is in flight). */
const hasBackToLogin = (snapshot: Snapshot) =>
  [
    'enteringCode',
    'submittingCode',
    'enteringRecoveryCode',
    'submittingRecoveryCode',
    'settingUpTwoFactor',
  ].some((state) => snapshot.matches(state as never));

export const loginSamples = {
  input: {},
  events: {
    // Only the fields on screen can be typed into.
    'field.change': (snapshot) => {
      const form = formOf(snapshot);
      return form ? FORM_FIELDS[form].map((field) => ({ field, value: VALUES[field] })) : [];
    },
    // docs/decisions/security.md: Remember this device: ticked, then (with a second sample) unticked again.
    'remember.change': [{ checked: true }, { checked: false }],
    reset: (snapshot) => (hasBackToLogin(snapshot) ? [{}] : []),
    'account.change': [{}],
    'xstate.done.actor.login': [{ output: { redirectUrl: null } }],
    // One refusal per way out of each submitting state (every catalogue row: login.machine.test.ts).
    'xstate.error.actor.login': (snapshot) => {
      if (snapshot.matches('submittingPassword'))
        return [
          refusal('unknown_credential_error'),
          refusal('auth_otp_code_is_required_error'),
          refusal('two_factor_auth_is_not_setup_error', { twoFactorSetup: SETUP }),
        ];
      if (snapshot.matches('submittingCode'))
        return [
          refusal('auth_otp_clock_drift_error', { details: { minutes: -5 } }),
          refusal('unknown_credential_error'),
        ];
      return [
        refusal('used_auth_recovery_otp_code_error'),
        refusal('unknown_credential_error'),
        refusal('rate_limited_error'),
      ];
    },
    'xstate.done.actor.twoFactorSetup': [
      { output: { redirectUrl: '/channel/acme', recoveryCodes: ['AB12CD'] } },
    ],
    'xstate.error.actor.twoFactorSetup': [{ error: new Error('setup stopped') }],
  },
} satisfies Pick<ModelOptions<typeof loginMachine>, 'input' | 'events'>;

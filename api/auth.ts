/** Authentication calls (spec 7). Domain in, domain out; failures reject with ApiError (api/errors.ts). */
import { callApi } from './client';
import {
  type EnableTwoFactorInput,
  type ForgotPasswordInput,
  fromLoginAnswerWire,
  fromMagicLinkAnswerWire,
  fromRecoveryCodeCountAnswerWire,
  fromRecoveryCodesAnswerWire,
  fromTwoFactorSetupWire,
  LoginAnswerWire,
  type LoginInput,
  type LoginResult,
  MagicLinkAnswerWire,
  type MagicLinkInput,
  type RecoveryCodeCount,
  RecoveryCodeCountAnswerWire,
  type RecoveryCodes,
  RecoveryCodesAnswerWire,
  RecoveryStartedAnswerWire,
  type RegenerateRecoveryCodesInput,
  type ResetTokenInput,
  type SetNewPasswordInput,
  type TwoFactorSetup,
  TwoFactorSetupWire,
  toEnableTwoFactorRequestWire,
  toForgotPasswordRequestWire,
  toLoginRequestWire,
  toMagicLinkRequestWire,
  toRegenerateRecoveryCodesRequestWire,
  toSetNewPasswordRequestWire,
} from './contract';
import { ApiError, failure } from './errors';

export const login = async (input: LoginInput): Promise<LoginResult> =>
  fromLoginAnswerWire(await callApi('login', { json: toLoginRequestWire(input) }, LoginAnswerWire));

export const logout = async (): Promise<void> => callApi('logout');

export const forgotPassword = async (input: ForgotPasswordInput): Promise<void> =>
  callApi('forgotPassword', { json: toForgotPasswordRequestWire(input) });

/** spec 4 Set password: an empty token is rejected as invalid before any call. */
const requireResetToken = (token: string) => {
  if (!token.trim()) throw new ApiError(failure('forgot_password_token_invalid_error'));
};

export const checkResetToken = async (input: ResetTokenInput): Promise<void> => {
  requireResetToken(input.token);
  return callApi('checkResetToken', { searchParams: { token: input.token } });
};

/** Answers the recovery review's token (docs/decisions/security.md: Recovery review). */
export const setNewPassword = async (input: SetNewPasswordInput): Promise<{ reviewToken: string }> => {
  requireResetToken(input.token);
  const { query, body } = toSetNewPasswordRequestWire(input);
  const { reviewToken } = await callApi(
    'setNewPassword',
    { searchParams: query, json: body },
    RecoveryStartedAnswerWire,
  );
  return { reviewToken };
};

/** Exchanges the /me?magicLinkToken for a session (magic_link_invalid_error when used or expired). */
export const exchangeMagicLink = async (input: MagicLinkInput): Promise<LoginResult> => {
  if (!input.token.trim()) throw new ApiError(failure('magic_link_invalid_error'));
  return fromMagicLinkAnswerWire(
    await callApi('exchangeMagicLink', { json: toMagicLinkRequestWire(input) }, MagicLinkAnswerWire),
  );
};

export const getTwoFactorSecret = async (): Promise<TwoFactorSetup> =>
  fromTwoFactorSetupWire(await callApi('getTwoFactorSecret', {}, TwoFactorSetupWire));

/** Turns two-factor on with a code from the authenticator; answers the fresh recovery codes. */
export const enableTwoFactor = async (input: EnableTwoFactorInput): Promise<RecoveryCodes> =>
  fromRecoveryCodesAnswerWire(
    await callApi('enableTwoFactor', { json: toEnableTwoFactorRequestWire(input) }, RecoveryCodesAnswerWire),
  );

export const getRecoveryCodeCount = async (): Promise<RecoveryCodeCount> =>
  fromRecoveryCodeCountAnswerWire(await callApi('getRecoveryCodeCount', {}, RecoveryCodeCountAnswerWire));

/** Replaces every recovery code; needs a current one-time code (docs/decisions/security.md: Regenerating recovery codes needs a current code). */
export const regenerateRecoveryCodes = async (input: RegenerateRecoveryCodesInput): Promise<RecoveryCodes> =>
  fromRecoveryCodesAnswerWire(
    await callApi(
      'regenerateRecoveryCodes',
      { json: toRegenerateRecoveryCodesRequestWire(input) },
      RecoveryCodesAnswerWire,
    ),
  );

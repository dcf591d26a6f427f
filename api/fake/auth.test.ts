/**
 * The fake's authentication scenarios through the real api functions (api/auth.ts -> client -> MSW -> errors.ts):
 * each row of spec 8 that login, password recovery and two-factor setup can reach, and each success.
 */
import { describe, expect, it } from 'vitest';
import { setupFakeApi } from '../../test/fakeApi';
import {
  checkResetToken,
  enableTwoFactor,
  exchangeMagicLink,
  forgotPassword,
  getRecoveryCodeCount,
  getTwoFactorSecret,
  login,
  logout,
  regenerateRecoveryCodes,
  setNewPassword,
} from '../auth';
import { getMe } from '../profile';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  TOKENS,
  TWO_FACTOR_SECRET,
  VALID_OTP,
  VALID_RECOVERY_CODE,
} from './scenarios';
import { codeOfCall, failureOfCall } from './testing';

setupFakeApi();

const loginAs = (email: string, extra: { otpCode?: string; recoveryOtpCode?: string } = {}) =>
  login({ email, password: DEMO_PASSWORD, ...extra });

describe('login (spec 2 Login, spec 8)', () => {
  it('logs user@example.com in: GET /api/me answers 401 before and the profile after', async () => {
    expect(await codeOfCall(getMe())).toBe('unknown_server_error');
    expect(await loginAs(ACCOUNTS.user)).toEqual({ redirectUrl: null });
    expect((await getMe()).email).toBe(ACCOUNTS.user);
  });

  it('logs out: the session is gone', async () => {
    await loginAs(ACCOUNTS.user);
    await logout();
    expect(await codeOfCall(getMe())).toBe('unknown_server_error');
  });

  it('answers unknown_credential_error (credentials_unknown) for a wrong password or an unknown e-mail', async () => {
    expect(await codeOfCall(login({ email: ACCOUNTS.user, password: 'wrong-password' }))).toBe(
      'unknown_credential_error',
    );
    expect(await codeOfCall(loginAs('nobody@example.com'))).toBe('unknown_credential_error');
  });

  it('asks totp@example.com for the code: auth_otp_code_is_required_error', async () => {
    const failure = await failureOfCall(loginAs(ACCOUNTS.totp));
    expect(failure.code).toBe('auth_otp_code_is_required_error');
    expect(failure.fieldErrors).toEqual([
      expect.objectContaining({ field: 'otpCode', code: 'any.required' }),
    ]);
  });

  it('refuses a wrong code (unknown_auth_otp_code_error) and accepts 123456', async () => {
    expect(await codeOfCall(loginAs(ACCOUNTS.totp, { otpCode: '654321' }))).toBe(
      'unknown_auth_otp_code_error',
    );
    await loginAs(ACCOUNTS.totp, { otpCode: VALID_OTP });
    expect((await getMe()).twoFactorEnabled).toBe(true);
  });

  it('takes the recovery code ABC123 once, then used_auth_recovery_otp_code_error', async () => {
    await loginAs(ACCOUNTS.totp, { recoveryOtpCode: VALID_RECOVERY_CODE });
    expect((await getMe()).email).toBe(ACCOUNTS.totp);
    expect(await codeOfCall(loginAs(ACCOUNTS.totp, { recoveryOtpCode: VALID_RECOVERY_CODE }))).toBe(
      'used_auth_recovery_otp_code_error',
    );
  });

  it('refuses an unknown recovery code: unknown_auth_recovery_otp_code_error', async () => {
    expect(await codeOfCall(loginAs(ACCOUNTS.totp, { recoveryOtpCode: 'ZZZ999' }))).toBe(
      'unknown_auth_recovery_otp_code_error',
    );
  });

  it('answers enforced@example.com with the setup payload, then logs in with 123456', async () => {
    const failure = await failureOfCall(loginAs(ACCOUNTS.enforced));
    expect(failure.code).toBe('two_factor_auth_is_not_setup_error');
    expect(failure.twoFactorSetup).toEqual({
      secret: TWO_FACTOR_SECRET,
      otpURL: expect.stringMatching(/^otpauth:\/\/totp\//),
      dataURL: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/),
    });
    expect(await codeOfCall(loginAs(ACCOUNTS.enforced, { otpCode: '000000' }))).toBe(
      'unknown_auth_otp_code_error',
    );
    // Like the reference server: the setup's login answers the recovery codes, so the screen shows them.
    const result = await loginAs(ACCOUNTS.enforced, { otpCode: VALID_OTP });
    expect(result.recoveryCodes).toHaveLength(10);
    for (const code of result.recoveryCodes ?? []) expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect((await getMe()).twoFactorEnabled).toBe(true);
  });

  it('answers account_locked_error for locked@example.com', async () => {
    expect(await codeOfCall(loginAs(ACCOUNTS.locked))).toBe('account_locked_error');
  });

  it('answers 500 (unknown_server_error) and 429 (rate_limited_error) for the scenario e-mails', async () => {
    expect(await codeOfCall(loginAs(ACCOUNTS.serverError))).toBe('unknown_server_error');
    expect(await codeOfCall(loginAs(ACCOUNTS.rateLimited))).toBe('rate_limited_error');
  });
});

describe('forgot password and new password (spec 2, 4, 8)', () => {
  it('accepts a known e-mail (both variants) and answers email_not_found_error otherwise', async () => {
    await expect(forgotPassword({ email: ACCOUNTS.user })).resolves.toBeUndefined();
    await expect(forgotPassword({ email: ACCOUNTS.user, magicLink: true })).resolves.toBeUndefined();
    expect(await codeOfCall(forgotPassword({ email: 'nobody@example.com' }))).toBe('email_not_found_error');
    expect(await codeOfCall(forgotPassword({ email: ACCOUNTS.serverError }))).toBe('unknown_server_error');
  });

  it("checks reset tokens: 'valid-token' passes, others are forgot_password_token_invalid_error", async () => {
    await expect(checkResetToken({ token: TOKENS.reset })).resolves.toBeUndefined();
    expect(await codeOfCall(checkResetToken({ token: 'expired' }))).toBe(
      'forgot_password_token_invalid_error',
    );
    // Forbidden 'not found' (spec 8) reaches the same code.
    expect(await codeOfCall(checkResetToken({ token: TOKENS.resetForbidden }))).toBe(
      'forgot_password_token_invalid_error',
    );
    expect(await codeOfCall(setNewPassword({ token: TOKENS.resetForbidden, newPassword: 'abcdef1' }))).toBe(
      'forgot_password_token_invalid_error',
    );
  });

  it('sets the new password of reset@example.com, which then logs in with it', async () => {
    await setNewPassword({ token: TOKENS.reset, newPassword: 'brand-new-secret' });
    expect(await codeOfCall(loginAs(ACCOUNTS.reset))).toBe('unknown_credential_error');
    await login({ email: ACCOUNTS.reset, password: 'brand-new-secret' });
    expect((await getMe()).email).toBe(ACCOUNTS.reset);
  });

  it('answers a too short password with a field error on newPassword (wire path pwd)', async () => {
    const failure = await failureOfCall(setNewPassword({ token: TOKENS.reset, newPassword: 'abc' }));
    expect(failure.fieldErrors).toEqual([
      expect.objectContaining({ field: 'newPassword', code: 'string.min' }),
    ]);
  });
});

describe('magic link', () => {
  it("logs in as user@example.com with 'magic-token'; anything else is magic_link_invalid_error", async () => {
    await exchangeMagicLink({ token: TOKENS.magicLink });
    expect((await getMe()).email).toBe(ACCOUNTS.user);
    expect(await codeOfCall(exchangeMagicLink({ token: 'old-link' }))).toBe('magic_link_invalid_error');
  });
});

describe('two-factor setup from the profile (spec 2, 8)', () => {
  it('answers the secret, refuses a wrong code (Invalid otp code), enables with 123456', async () => {
    await loginAs(ACCOUNTS.user);
    expect((await getTwoFactorSecret()).secret).toBe(TWO_FACTOR_SECRET);
    expect(await codeOfCall(enableTwoFactor({ otpCode: '111111' }))).toBe(
      'two_factor_setup_invalid_code_error',
    );
    const { recoveryCodes } = await enableTwoFactor({ otpCode: VALID_OTP });
    expect(recoveryCodes).toHaveLength(10);
    expect((await getMe()).twoFactorEnabled).toBe(true);
    expect(await getRecoveryCodeCount()).toEqual({ remaining: 10 });
  });

  it("refuses a setup that was never started: 'your organizations don't enabled the two factor auth'", async () => {
    await loginAs(ACCOUNTS.user);
    expect(await codeOfCall(enableTwoFactor({ otpCode: VALID_OTP }))).toBe(
      'two_factor_setup_not_enabled_error',
    );
  });

  it('counts and regenerates the recovery codes of totp@example.com', async () => {
    await loginAs(ACCOUNTS.totp, { recoveryOtpCode: VALID_RECOVERY_CODE });
    expect(await getRecoveryCodeCount()).toEqual({ remaining: 4 });
    // Like the server: a current one-time code is needed (docs/decisions/security.md: Regenerating recovery codes needs a current code).
    expect(await codeOfCall(regenerateRecoveryCodes({ otpCode: '111111' }))).toBe(
      'unknown_auth_otp_code_error',
    );
    expect(await getRecoveryCodeCount()).toEqual({ remaining: 4 });
    const { recoveryCodes } = await regenerateRecoveryCodes({ otpCode: VALID_OTP });
    expect(recoveryCodes).not.toContain(VALID_RECOVERY_CODE);
    expect(await getRecoveryCodeCount()).toEqual({ remaining: recoveryCodes.length });
  });

  it('counts no recovery codes without two-factor, like the server', async () => {
    await loginAs(ACCOUNTS.user);
    expect(await getRecoveryCodeCount()).toEqual({ remaining: 0 });
  });

  it('needs a session: the calls fail when logged out', async () => {
    expect(await codeOfCall(getTwoFactorSecret())).toBe('unknown_server_error');
  });
});

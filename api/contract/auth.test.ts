import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  EnableTwoFactorRequestWire,
  fromLoginAnswerWire,
  fromLoginRequestWire,
  LoginAnswerWire,
  LoginForm,
  LoginRequestWire,
  loginInputOf,
  NewPasswordForm,
  OtpForm,
  RecoveryForm,
  toForgotPasswordRequestWire,
  toLoginAnswerWire,
  toLoginRequestWire,
  toSetNewPasswordRequestWire,
} from './auth';
import { cleanCode } from './common';
import { NEW_PASSWORD_MIN, OTP_LENGTH } from './limits';
import { formErrors } from './validation';

describe('auth contract', () => {
  it('maps login to the wire names (pwd, otp, recoveryOtp) and back', () => {
    const input = { email: 'ann@example.com', password: 'secret', otpCode: '012345' };
    const wire = toLoginRequestWire(input);
    expect(wire).toEqual({ email: 'ann@example.com', pwd: 'secret', otp: '012345' });
    expect(v.is(LoginRequestWire, wire)).toBe(true);
    expect(fromLoginRequestWire(v.parse(LoginRequestWire, wire))).toEqual(input);
    expect(toLoginRequestWire({ email: 'a@b.co', password: 'x', recoveryOtpCode: 'ABC123' })).toEqual({
      email: 'a@b.co',
      pwd: 'x',
      recoveryOtp: 'ABC123',
    });
    // docs/decisions/security.md: Remember this device: the box travels only when ticked.
    const remembered = { email: 'a@b.co', password: 'x', otpCode: '012345', rememberDevice: true };
    expect(toLoginRequestWire(remembered)).toEqual({
      email: 'a@b.co',
      pwd: 'x',
      otp: '012345',
      rememberDevice: true,
    });
    expect(fromLoginRequestWire(toLoginRequestWire(remembered))).toEqual(remembered);
    expect(toLoginRequestWire({ ...remembered, rememberDevice: false })).not.toHaveProperty('rememberDevice');
  });

  it('reads the login answer: redirectUrl, and recovery codes only after a forced setup', () => {
    expect(fromLoginAnswerWire(v.parse(LoginAnswerWire, {}))).toEqual({ redirectUrl: null });
    expect(fromLoginAnswerWire(v.parse(LoginAnswerWire, { redirectUrl: '/me', other: 1 }))).toEqual({
      redirectUrl: '/me',
    });
    const afterSetup = { redirectUrl: null, recoveryCodes: ['ab12cd', 'EF34GH'] };
    expect(fromLoginAnswerWire(v.parse(LoginAnswerWire, afterSetup))).toEqual(afterSetup);
    expect(toLoginAnswerWire(afterSetup)).toEqual(afterSetup);
    expect(v.is(LoginAnswerWire, { redirectUrl: null, recoveryCodes: ['short'] })).toBe(false);
  });

  it('asks for a magic link only on the magic variant', () => {
    expect(toForgotPasswordRequestWire({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(toForgotPasswordRequestWire({ email: 'a@b.co', magicLink: true })).toEqual({
      email: 'a@b.co',
      generateMagicLink: true,
    });
  });

  it('sends the reset token in the query and the new password as pwd', () => {
    expect(toSetNewPasswordRequestWire({ token: 't1', newPassword: 'abcdef' })).toEqual({
      query: { token: 't1' },
      body: { pwd: 'abcdef' },
    });
  });

  it('holds one-time codes to exactly 6 digits', () => {
    expect(v.is(OtpForm, { otpCode: '12345' })).toBe(false);
    expect(v.is(OtpForm, { otpCode: '1234567' })).toBe(false);
    expect(v.is(OtpForm, { otpCode: '12345a' })).toBe(false);
    expect(formErrors(OtpForm, { otpCode: '' })).toEqual([
      { field: 'otpCode', code: 'any.required', message: 'any.required' },
    ]);
    expect(v.parse(OtpForm, { otpCode: '123 456' }).otpCode).toBe('123456');
    expect(v.is(EnableTwoFactorRequestWire, { otp: '123 456' })).toBe(false);
    expect('1'.repeat(OTP_LENGTH)).toHaveLength(6);
  });

  it('cleans pasted codes of spaces and dashes', () => {
    expect(cleanCode(' ab-12 3\t4 ')).toBe('ab1234');
    expect(v.parse(RecoveryForm, { recoveryOtpCode: 'AB3-4CD' }).recoveryOtpCode).toBe('AB34CD');
    expect(v.is(RecoveryForm, { recoveryOtpCode: 'AB3C' })).toBe(false);
  });

  it('requires e-mail and password to log in, and 6 characters for a new password', () => {
    expect(formErrors(LoginForm, { email: 'nope', password: '' }).map((e) => [e.field, e.code])).toEqual([
      ['email', 'string.email'],
      ['password', 'any.required'],
    ]);
    expect(v.is(NewPasswordForm, { newPassword: 'x'.repeat(NEW_PASSWORD_MIN - 1) })).toBe(false);
    expect(v.is(NewPasswordForm, { newPassword: 'x'.repeat(NEW_PASSWORD_MIN) })).toBe(true);
  });
});

describe('loginInputOf (the two-factor setup at login: VERIFY & SAVE is the login call again)', () => {
  it('takes the e-mail and password the login handed the setup, with the code', () => {
    expect(loginInputOf({ email: 'ada@example.com', password: 'pw', otpCode: '123456' })).toEqual({
      email: 'ada@example.com',
      password: 'pw',
      otpCode: '123456',
    });
  });

  it('refuses an input without them before any call (no cast hides a wrong wiring)', () => {
    expect(() => loginInputOf({ otpCode: '123456' })).toThrow(TypeError);
    expect(() => loginInputOf({ email: 'ada@example.com', password: 1, otpCode: '123456' })).toThrow(
      TypeError,
    );
  });
});

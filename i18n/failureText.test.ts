import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { failureText } from './failureText';

describe('failureText', () => {
  it('is the catalogue message of the code', () => {
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
    expect(failureText(i18n, 'unknown_auth_otp_code_error')).toBe('Please enter valid code');
  });

  it('says by how many minutes a device clock is off, behind or ahead alike', () => {
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
    expect(failureText(i18n, 'auth_otp_clock_drift_error', { minutes: -3 })).toContain(
      'off by about 3 minutes.',
    );
    expect(failureText(i18n, 'auth_otp_clock_drift_error', { minutes: 1 })).toContain(
      'off by about 1 minute.',
    );
  });

  it('says how often a breached password was seen', () => {
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
    expect(failureText(i18n, 'password_breached_error', { count: 251682 })).toContain(
      'data breaches 251,682 times',
    );
    expect(failureText(i18n, 'password_breached_error', { count: 1 })).toContain('data breaches 1 time,');
  });
});

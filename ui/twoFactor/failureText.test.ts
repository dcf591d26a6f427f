import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../i18n/errorMessages';
import { failureText } from './failureText';

describe('failureText', () => {
  it('is the catalogue message of the code', () => {
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
    expect(failureText(i18n, 'unknown_auth_otp_code_error')).toBe('Please enter valid code');
  });

  it('fills placeholders of the message from the failure details', () => {
    const { id } = ERROR_MESSAGES.unknown_auth_otp_code_error;
    const i18n = setupI18n({
      locale: 'en-US',
      messages: { 'en-US': { [id]: 'Your clock is off by about {clockDriftMinutes} minutes' } },
    });
    expect(failureText(i18n, 'unknown_auth_otp_code_error', { clockDriftMinutes: 4 })).toBe(
      'Your clock is off by about 4 minutes',
    );
  });
});

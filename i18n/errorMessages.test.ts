import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { VALIDATION_CODES } from '../api/contract/common';
import { ERROR_CODES } from '../api/contract/errorCodes';
import { LOCALES } from '../api/contract/limits';
import {
  COMPANY_PAGE_UNKNOWN_USER_MESSAGE,
  clockDriftValues,
  ERROR_MESSAGES,
  errorMessage,
  IDP_ERROR_TYPES,
  idpErrorMessage,
  validationMessage,
} from './errorMessages';

describe('ERROR_MESSAGES (spec 8 error catalogue)', () => {
  it('has a message for every error code', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessage(code).message, code).toBeTruthy();
      expect(errorMessage(code).id, code).toBeTruthy();
    }
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('keeps the wording spec 8 gives', () => {
    expect(ERROR_MESSAGES.unknown_auth_otp_code_error.message).toBe('Please enter valid code');
    expect(ERROR_MESSAGES.two_factor_setup_invalid_code_error.message).toBe('Invalid otp code');
    expect(ERROR_MESSAGES.two_factor_setup_not_enabled_error.message).toBe(
      "Sorry, but your organizations don't enabled the two factor auth",
    );
    expect(COMPANY_PAGE_UNKNOWN_USER_MESSAGE.message).toBe(
      'Error: Unknown user information. Please make sure you are entering the details in correct format',
    );
  });

  it('is translated, non-empty, in every locale catalog', async () => {
    const [catalog] = await getCatalogs(getConfig({ cwd: process.cwd() }));
    const catalogs = await catalog!.readAll([...LOCALES]);
    for (const locale of LOCALES) {
      for (const code of ERROR_CODES) {
        const translation = catalogs[locale]?.[ERROR_MESSAGES[code].id]?.translation;
        expect(translation?.trim(), `${locale} ${code}`).toBeTruthy();
      }
    }
  });
});

describe('clock drift message (docs/decisions/product.md: Error codes we added)', () => {
  const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
  const text = (minutes: number) =>
    i18n._({ ...ERROR_MESSAGES.auth_otp_clock_drift_error, values: clockDriftValues(minutes) });

  it('says by how many minutes the clock is off, ahead or behind alike, and how to fix it', () => {
    expect(text(5)).toBe(
      "Your device's clock is off by about 5 minutes. Turn on automatic date and time in your device settings, then try a new code.",
    );
    expect(text(-3)).toContain('off by about 3 minutes.');
    expect(text(-1)).toContain('off by about 1 minute.');
    // A drift the server rounded to 0 is still a drift of under a minute: never 'about 0 minutes'.
    expect(text(0)).toContain('off by about 1 minute.');
  });
});

describe('idpErrorMessage (spec 8 identity-provider error types)', () => {
  const organisationMissing =
    "Organisation doesn't exist. Please make sure you are entering the organisation name correctly";

  it.each([
    [IDP_ERROR_TYPES.missingOrganisationCredentials, organisationMissing],
    [IDP_ERROR_TYPES.bannedUser, organisationMissing],
    [IDP_ERROR_TYPES.missingOrganisation, organisationMissing],
    [IDP_ERROR_TYPES.invalidAuthCode, 'OAuth provider returns error'],
    [IDP_ERROR_TYPES.noChannels, 'The user does not have access to any channels'],
  ])('maps %s', (type, text) => {
    expect(idpErrorMessage(type).message).toBe(text);
  });

  it('accepts other spellings of the same type', () => {
    expect(idpErrorMessage('missingOrganizationCredentials').message).toBe(organisationMissing);
    expect(idpErrorMessage('BANNED-USER').message).toBe(organisationMissing);
    expect(idpErrorMessage('noChannels').message).toBe('The user does not have access to any channels');
  });

  it('says Unknown server error for anything else, or no type at all', () => {
    expect(idpErrorMessage('something_new').message).toBe('Unknown server error');
    expect(idpErrorMessage('').message).toBe('Unknown server error');
    expect(idpErrorMessage().message).toBe('Unknown server error');
  });
});

describe('validationMessage (field codes of spec 5)', () => {
  it('shows the phone text of spec 5', () => {
    expect(validationMessage(VALIDATION_CODES.phone).message).toBe('Please enter a valid phone number');
  });

  it('carries the limit it was checked against', () => {
    const descriptor = validationMessage(VALIDATION_CODES.min, 6);
    expect(descriptor.message).toBe(
      'Must be at least {limit, plural, one {# character} other {# characters}}.',
    );
    expect(descriptor.values).toEqual({ limit: 6 });
  });

  it('has a generic text for codes it does not know', () => {
    expect(validationMessage('string.unheard.of').message).toBe('Please check this value.');
  });
});

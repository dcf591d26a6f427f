import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { fieldText, refusalText } from './fieldText';

// The source texts (en-US with an empty catalogue), as the screen tests read them.
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
/** A field's own text (not a macro: a test's texts stay out of the catalogues). */
const text = (message: string) => ({ id: message, message });

describe('refusalText (spec 8: the text of a refusal)', () => {
  it("says the code's catalogue text", () => {
    expect(refusalText(i18n, { code: 'rate_limited_error' })).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('fills in the facts the refusal carries (the clock drift, ahead or behind alike)', () => {
    const text = refusalText(i18n, { code: 'auth_otp_clock_drift_error', details: { minutes: -3 } });
    expect(text).toContain('off by about 3 minutes');
  });
});

describe('refusalText of a passkey ceremony (docs/decisions/security.md: Passkeys)', () => {
  it("says the same reason in each ceremony's words", () => {
    expect(refusalText(i18n, { ceremony: 'signIn', reason: 'cancelled' })).toBe(
      'The passkey request was cancelled. You can try again or log in with your password.',
    );
    expect(refusalText(i18n, { ceremony: 'adding', reason: 'cancelled' })).toBe(
      'No passkey was added: the request was cancelled. You can try again.',
    );
    expect(refusalText(i18n, { ceremony: 'stepUp', reason: 'cancelled' })).toBe(
      'The passkey was not used. Try again, or confirm with what you typed.',
    );
  });

  it("says a reason the ceremony does not name as its 'invalid'", () => {
    expect(refusalText(i18n, { ceremony: 'stepUp', reason: 'timedOut' })).toBe(
      "This passkey could not confirm it's you. Try again, or confirm with what you typed.",
    );
  });
});

describe('fieldText (the one text under a field)', () => {
  const noError = { fieldErrors: {}, error: undefined };

  it('is undefined for a field that is fine', () => {
    expect(fieldText(i18n, 'email', noError)).toBeUndefined();
  });

  it("says a spec 5 code's generic text", () => {
    expect(fieldText(i18n, 'email', { fieldErrors: { email: 'string.email' } })).toBe(
      'Please enter a valid e-mail address.',
    );
  });

  it("says the field's limits when its rules give them", () => {
    const form = { fieldErrors: { screenName: 'string.min' } };
    expect(fieldText(i18n, 'screenName', form, { screenName: { min: 5 } })).toBe(
      'Must be at least 5 characters.',
    );
    expect(fieldText(i18n, 'screenName', form)).toBe('This value is too short.');
  });

  it("says the field's own text for any code but 'required' (`invalid`)", () => {
    const rules = { otpCode: { invalid: text('Enter the 6 digits the app shows.') } };
    expect(fieldText(i18n, 'otpCode', { fieldErrors: { otpCode: 'string.length' } }, rules)).toBe(
      'Enter the 6 digits the app shows.',
    );
    expect(fieldText(i18n, 'otpCode', { fieldErrors: { otpCode: 'any.required' } }, rules)).toBe(
      'This field is required.',
    );
  });

  it("says the field's rule for every code, 'required' too (`rule`)", () => {
    const rules = { subdomain: { rule: text('Use letters, digits and dashes.') } };
    expect(fieldText(i18n, 'subdomain', { fieldErrors: { subdomain: 'any.required' } }, rules)).toBe(
      'Use letters, digits and dashes.',
    );
  });

  it("says a spec 8 code kept under the field by its catalogue text, not the field's rule", () => {
    const rules = { email: { rule: text('Not this.') } };
    expect(fieldText(i18n, 'email', { fieldErrors: { email: 'email_already_exist_error' } }, rules)).toBe(
      'An account with this e-mail address already exists.',
    );
  });

  it('says the refusal spec 8 places under this field, and only under it', () => {
    const form = { fieldErrors: {}, error: { code: 'email_not_found_error' as const, field: 'email' } };
    expect(fieldText(i18n, 'email', form)).toBe('We could not find an account with this e-mail address.');
    expect(fieldText(i18n, 'password', form)).toBeUndefined();
  });

  it('leaves a form error (no field) to the frame', () => {
    expect(
      fieldText(i18n, 'email', { fieldErrors: {}, error: { code: 'rate_limited_error' } }),
    ).toBeUndefined();
  });

  it("puts the field's own error before a refusal placed on it", () => {
    const form = {
      fieldErrors: { email: 'string.email' },
      error: { code: 'email_not_found_error' as const, field: 'email' },
    };
    expect(fieldText(i18n, 'email', form)).toBe('Please enter a valid e-mail address.');
  });
});

import { describe, expect, it } from 'vitest';
import { type ApiFailure, ERROR_CODES } from '../../api/contract/errorCodes';
import {
  everyRefusalUnder,
  type FormPlaces,
  firstErrorPerField,
  pageRefusal,
  placedAsFieldError,
  refusalFrom,
} from './refusal';

/** A failure as api/errors.ts makes it: a code, the server's field errors, and at times its facts. */
const failure = (code: ApiFailure['code'], extra: Partial<ApiFailure> = {}): ApiFailure => ({
  code,
  fieldErrors: [],
  ...extra,
});
const fieldError = (field: string, code: string) => ({ field, code, message: code });

const SIGN_UP: FormPlaces<'screenName' | 'email' | 'password'> = {
  fields: ['screenName', 'email', 'password'],
  placed: { email_already_exist_error: 'email', password_breached_error: 'password' },
};

describe('firstErrorPerField (spec 5: the first error of each field)', () => {
  it('keeps the first code of a field, not a later one', () => {
    const errors = [fieldError('email', 'any.required'), fieldError('email', 'string.email')];
    expect(firstErrorPerField(errors, ['email'])).toEqual({ email: 'any.required' });
  });

  it('keeps one code for each field of the form', () => {
    const errors = [fieldError('password', 'string.min'), fieldError('email', 'string.email')];
    expect(firstErrorPerField(errors, ['email', 'password'])).toEqual({
      email: 'string.email',
      password: 'string.min',
    });
  });

  it('drops errors on fields the form does not have', () => {
    const errors = [fieldError('otpCode', 'string.length'), fieldError('email', 'string.email')];
    expect(firstErrorPerField(errors, ['email'])).toEqual({ email: 'string.email' });
  });

  it('is empty when nothing is wrong', () => {
    expect(firstErrorPerField([], ['email'])).toEqual({});
  });
});

describe('pageRefusal (spec 8 where there is no field)', () => {
  it('keeps the code and the facts, and names no field', () => {
    const refusal = pageRefusal(failure('auth_otp_clock_drift_error', { details: { minutes: 4 } }));
    expect(refusal).toEqual({ code: 'auth_otp_clock_drift_error', details: { minutes: 4 } });
  });

  it('leaves details out when the failure carried none', () => {
    expect(pageRefusal(failure('rate_limited_error'))).toStrictEqual({ code: 'rate_limited_error' });
  });
});

describe('refusalFrom (spec 8: where a failure is shown on a form)', () => {
  it('puts a placed code under its field', () => {
    expect(refusalFrom(failure('email_already_exist_error'), SIGN_UP)).toEqual({
      error: { code: 'email_already_exist_error', field: 'email' },
      fieldErrors: {},
    });
  });

  it('makes any other code a form error', () => {
    expect(refusalFrom(failure('rate_limited_error'), SIGN_UP)).toStrictEqual({
      error: { code: 'rate_limited_error' },
      fieldErrors: {},
    });
  });

  it('makes a placed code a form error when its field is not on the form', () => {
    // The e-mail is placed, but this form (the e-mail step not on screen) shows the password only.
    const places: FormPlaces<'password' | 'email'> = {
      fields: ['password'],
      placed: { email_already_exist_error: 'email' },
    };
    expect(refusalFrom(failure('email_already_exist_error'), places).error).toStrictEqual({
      code: 'email_already_exist_error',
    });
  });

  it("puts a server's field errors under their fields, without repeating the generic error", () => {
    const shown = refusalFrom(
      failure('unknown_server_error', {
        fieldErrors: [fieldError('password', 'string.min'), fieldError('password', 'string.max')],
      }),
      SIGN_UP,
    );
    expect(shown).toEqual({ error: undefined, fieldErrors: { password: 'string.min' } });
  });

  it('keeps the generic error when none of its field errors is on the form', () => {
    const shown = refusalFrom(
      failure('unknown_server_error', { fieldErrors: [fieldError('token', 'any.required')] }),
      SIGN_UP,
    );
    expect(shown).toStrictEqual({ error: { code: 'unknown_server_error' }, fieldErrors: {} });
  });

  it('keeps a catalogue code beside the field errors that came with it', () => {
    const shown = refusalFrom(
      failure('email_already_exist_error', { fieldErrors: [fieldError('screenName', 'string.min')] }),
      SIGN_UP,
    );
    expect(shown).toEqual({
      error: { code: 'email_already_exist_error', field: 'email' },
      fieldErrors: { screenName: 'string.min' },
    });
  });

  it("carries the failure's facts into the refusal", () => {
    const shown = refusalFrom(failure('auth_otp_clock_drift_error', { details: { minutes: -3 } }), {
      fields: ['otpCode'],
      placed: { auth_otp_clock_drift_error: 'otpCode' },
    });
    expect(shown.error).toEqual({
      code: 'auth_otp_clock_drift_error',
      field: 'otpCode',
      details: { minutes: -3 },
    });
  });
});

describe('everyRefusalUnder (a one-field form with no form error)', () => {
  it('places every catalogue code under the field', () => {
    const places = everyRefusalUnder('code');
    expect(places.fields).toEqual(['code']);
    for (const code of ERROR_CODES) expect(places.placed?.[code]).toBe('code');
  });

  it('so that refusalFrom never makes a form error', () => {
    const places = everyRefusalUnder('code');
    for (const code of ['rate_limited_error', 'unknown_server_error', 'forbidden_error'] as const)
      expect(refusalFrom(failure(code), places).error).toEqual({ code, field: 'code' });
  });
});

describe('placedAsFieldError (the sign-ups keep a placed refusal as the field’s own error)', () => {
  it('moves the placed refusal into the field errors, beside the others', () => {
    const shown = refusalFrom(
      failure('email_already_exist_error', { fieldErrors: [fieldError('screenName', 'string.min')] }),
      SIGN_UP,
    );
    expect(placedAsFieldError(shown)).toEqual({
      error: undefined,
      fieldErrors: { screenName: 'string.min', email: 'email_already_exist_error' },
    });
  });

  it('keeps a placed refusal with facts to tell as a refusal under its field (how often a password was seen)', () => {
    const shown = refusalFrom(failure('password_breached_error', { details: { count: 12 } }), SIGN_UP);
    expect(placedAsFieldError(shown)).toEqual({
      error: { code: 'password_breached_error', field: 'password', details: { count: 12 } },
      fieldErrors: {},
    });
  });

  it('leaves a form error as it is', () => {
    const shown = refusalFrom(failure('rate_limited_error'), SIGN_UP);
    expect(placedAsFieldError(shown)).toBe(shown);
  });
});

/**
 * Table-driven: one row per catalogue row of spec 8, one per special rule. Each row runs the real client against
 * a stubbed fetch answering a real Response, so ky's HTTPError (with its parsed `data`) is what gets mapped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { callApi, setApiClient } from './client';
import { API_PATHS, type ApiCall, type ApiFailure, type ErrorCode, UserProfileWire } from './contract';
import { ApiError, toApiFailure } from './errors';
import { json, stubFetch, text } from './test/stubFetch';

afterEach(() => setApiClient(undefined));

const failureOf = async (call: ApiCall, response: () => Response): Promise<ApiFailure> => {
  stubFetch(response);
  const options = API_PATHS[call].method === 'GET' ? {} : { json: {} };
  const error = await callApi(call, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).failure;
};

const twoFactorVerify = {
  secret: 'JBSWY3DPEHPK3PXP',
  dataURL: 'data:image/png;base64,AA',
  otpURL: 'otpauth://totp/x',
};

interface Row {
  name: string;
  call?: ApiCall;
  response: () => Response;
  code: ErrorCode;
  expectMore?: Partial<ApiFailure>;
}

const catalogue: Row[] = [
  {
    name: 'credentials_unknown -> unknown_credential_error',
    response: () => json(401, { messageCode: 'credentials_unknown' }),
    code: 'unknown_credential_error',
  },
  {
    name: 'otp_unknown -> unknown_auth_otp_code_error',
    response: () => json(401, { messageCode: 'otp_unknown' }),
    code: 'unknown_auth_otp_code_error',
  },
  {
    name: 'recovery_code_unknown -> unknown_auth_recovery_otp_code_error',
    response: () => json(401, { messageCode: 'recovery_code_unknown' }),
    code: 'unknown_auth_recovery_otp_code_error',
  },
  {
    name: 'recovery_code_used -> used_auth_recovery_otp_code_error',
    response: () => json(401, { messageCode: 'recovery_code_used' }),
    code: 'used_auth_recovery_otp_code_error',
  },
  {
    name: 'auth_otp_code_is_required_error as a code',
    response: () => json(401, { code: 'auth_otp_code_is_required_error' }),
    code: 'auth_otp_code_is_required_error',
  },
  {
    name: 'two_factor_auth_is_not_setup_error carries the setup payload',
    response: () => json(403, { code: 'two_factor_auth_is_not_setup_error', twoFactorVerify }),
    code: 'two_factor_auth_is_not_setup_error',
    expectMore: { twoFactorSetup: twoFactorVerify },
  },
  {
    name: 'email_not_found_error',
    call: 'forgotPassword',
    response: () => json(404, { code: 'email_not_found_error' }),
    code: 'email_not_found_error',
  },
  {
    name: 'forgot_password_token_invalid_error',
    call: 'checkResetToken',
    response: () => json(400, { code: 'forgot_password_token_invalid_error' }),
    code: 'forgot_password_token_invalid_error',
  },
  {
    name: 'user_confirm_token_invalid_error',
    call: 'confirmEmail',
    response: () => json(400, { code: 'user_confirm_token_invalid_error' }),
    code: 'user_confirm_token_invalid_error',
  },
  {
    name: 'invite_token_invalid_error',
    call: 'checkInvite',
    response: () => json(400, { code: 'invite_token_invalid_error' }),
    code: 'invite_token_invalid_error',
  },
  {
    name: 'channel_subdomain_already_exist_error',
    call: 'createChannel',
    response: () => json(409, { code: 'channel_subdomain_already_exist_error' }),
    code: 'channel_subdomain_already_exist_error',
  },
  {
    name: 'channel_subdomain_is_malformed_error',
    call: 'createChannel',
    response: () => json(400, { code: 'channel_subdomain_is_malformed_error' }),
    code: 'channel_subdomain_is_malformed_error',
  },
  {
    name: 'email_already_exist_error',
    call: 'registerCurator',
    response: () => json(409, { code: 'email_already_exist_error' }),
    code: 'email_already_exist_error',
  },
  {
    name: 'registration_company_id_subdomain_not_found_error',
    call: 'checkCompanyId',
    response: () => json(404, { code: 'registration_company_id_subdomain_not_found_error' }),
    code: 'registration_company_id_subdomain_not_found_error',
  },
  {
    name: 'registration_company_id_unknown_company_id_error',
    call: 'checkCompanyPage',
    response: () => json(404, { code: 'registration_company_id_unknown_company_id_error' }),
    code: 'registration_company_id_unknown_company_id_error',
  },
  {
    name: 'user_is_already_confirmed_error as a code',
    call: 'checkCompanyId',
    response: () => json(409, { code: 'user_is_already_confirmed_error' }),
    code: 'user_is_already_confirmed_error',
  },
  {
    name: 'unknown_server_error: a code outside the catalogue',
    response: () => json(500, { code: 'ER_DUP_ENTRY' }),
    code: 'unknown_server_error',
  },
];

const special: Row[] = [
  {
    name: "FieldValidationError 'any.required' on otp -> auth_otp_code_is_required_error",
    call: 'login',
    response: () =>
      json(400, {
        name: 'FieldValidationError',
        errors: [{ code: 'any.required', message: '"otp" is required', path: ['otp'] }],
      }),
    code: 'auth_otp_code_is_required_error',
    expectMore: { fieldErrors: [{ field: 'otpCode', code: 'any.required', message: '"otp" is required' }] },
  },
  {
    name: 'FieldValidationError path pwd -> field newPassword on set password',
    call: 'setNewPassword',
    response: () =>
      json(400, {
        name: 'FieldValidationError',
        errors: [{ code: 'string.min', message: 'too short', path: 'pwd' }],
      }),
    code: 'unknown_server_error',
    expectMore: { fieldErrors: [{ field: 'newPassword', code: 'string.min', message: 'too short' }] },
  },
  {
    name: 'FieldValidationError path username -> field screenName; string.phonenumber gets the spec text',
    call: 'saveProfile',
    response: () =>
      json(400, {
        name: 'FieldValidationError',
        errors: [
          { code: 'string.min', message: 'short', path: ['username'] },
          { code: 'string.phonenumber', message: '"phone" did not seem to be a phone number', key: 'phone' },
        ],
      }),
    code: 'unknown_server_error',
    expectMore: {
      fieldErrors: [
        { field: 'screenName', code: 'string.min', message: 'short' },
        { field: 'phone', code: 'string.phonenumber', message: 'Please enter a valid phone number' },
      ],
    },
  },
  {
    name: 'FieldValidationError whose code is a catalogue code takes that code',
    call: 'registerCurator',
    response: () =>
      json(400, {
        name: 'FieldValidationError',
        errors: [{ code: 'email_already_exist_error', message: 'taken', path: 'email' }],
      }),
    code: 'email_already_exist_error',
    expectMore: { fieldErrors: [{ field: 'email', code: 'email_already_exist_error', message: 'taken' }] },
  },
  {
    name: "Forbidden errorCode 'user-is-verified' -> user_is_already_confirmed_error",
    call: 'checkCompanyId',
    response: () => json(403, { name: 'Forbidden', errorCode: 'user-is-verified' }),
    code: 'user_is_already_confirmed_error',
  },
  {
    name: "Forbidden message 'User is verified' -> user_is_already_confirmed_error",
    call: 'registerCompanyPage',
    response: () => json(403, { name: 'Forbidden', message: 'User is verified' }),
    code: 'user_is_already_confirmed_error',
  },
  {
    name: "Forbidden 'not found' on set password -> forgot_password_token_invalid_error",
    call: 'setNewPassword',
    response: () => json(403, { name: 'Forbidden', message: 'not found' }),
    code: 'forgot_password_token_invalid_error',
  },
  {
    name: "Forbidden 'not found' on the token check -> forgot_password_token_invalid_error",
    call: 'checkResetToken',
    response: () => json(403, { name: 'Forbidden', message: 'not found' }),
    code: 'forgot_password_token_invalid_error',
  },
  {
    name: "Forbidden 'not found' elsewhere -> unknown_server_error",
    call: 'confirmEmail',
    response: () => json(403, { name: 'Forbidden', message: 'not found' }),
    code: 'unknown_server_error',
  },
  {
    name: '429 without a body -> rate_limited_error',
    response: () => new Response(null, { status: 429 }),
    code: 'rate_limited_error',
  },
  {
    name: '429 naming its code keeps it (account_locked_error)',
    response: () => json(429, { code: 'account_locked_error' }),
    code: 'account_locked_error',
  },
  {
    name: 'a non-JSON error body -> unknown_server_error',
    response: () => text(502, '<html>Bad gateway</html>'),
    code: 'unknown_server_error',
  },
  {
    name: 'malformed JSON -> unknown_server_error',
    response: () =>
      new Response('{"code": ', { status: 400, headers: { 'content-type': 'application/json' } }),
    code: 'unknown_server_error',
  },
  {
    name: "two-factor setup: code 'invalid' -> two_factor_setup_invalid_code_error",
    call: 'enableTwoFactor',
    response: () => json(400, { code: 'invalid' }),
    code: 'two_factor_setup_invalid_code_error',
  },
  {
    name: 'two-factor setup: any other refusal -> two_factor_setup_not_enabled_error',
    call: 'enableTwoFactor',
    response: () => json(403, { message: 'two factor disabled for organisation' }),
    code: 'two_factor_setup_not_enabled_error',
  },
  {
    name: 'auth_otp_clock_drift_error keeps its minutes (device ahead)',
    response: () => json(401, { code: 'auth_otp_clock_drift_error', details: { minutes: 5 } }),
    code: 'auth_otp_clock_drift_error',
    expectMore: { details: { minutes: 5 } },
  },
  {
    name: 'auth_otp_clock_drift_error keeps its minutes (device behind)',
    response: () => json(401, { code: 'auth_otp_clock_drift_error', details: { minutes: -3, extra: 'x' } }),
    code: 'auth_otp_clock_drift_error',
    expectMore: { details: { minutes: -3 } },
  },
  {
    name: 'auth_otp_clock_drift_error without whole minutes is a wrong code',
    response: () => json(401, { code: 'auth_otp_clock_drift_error', details: { minutes: 'five' } }),
    code: 'unknown_auth_otp_code_error',
  },
  {
    name: "two-factor setup: the server's step-up keeps its code (the setup asks 'Confirm it's you')",
    call: 'enableTwoFactor',
    response: () => json(403, { code: 'step_up_required_error' }),
    code: 'step_up_required_error',
  },
  {
    name: 'two-factor setup: clock drift keeps its code',
    call: 'enableTwoFactor',
    response: () => json(401, { code: 'auth_otp_clock_drift_error', details: { minutes: 2 } }),
    code: 'auth_otp_clock_drift_error',
    expectMore: { details: { minutes: 2 } },
  },
  {
    name: 'clock-drift style details travel with a code',
    response: () => json(401, { code: 'unknown_auth_otp_code_error', details: { driftMinutes: 3 } }),
    code: 'unknown_auth_otp_code_error',
    expectMore: { details: { driftMinutes: 3 } },
  },
];

describe('toApiFailure', () => {
  it.each([...catalogue, ...special])('$name', async ({ call = 'login', response, code, expectMore }) => {
    const failure = await failureOf(call, response);
    expect(failure.code).toBe(code);
    expect(failure).toMatchObject({ fieldErrors: [], ...expectMore });
  });

  it('passes on nothing of a clock-drift body but the whole minutes', async () => {
    const failure = await failureOf('login', () =>
      json(401, { code: 'auth_otp_clock_drift_error', details: { minutes: -3, secret: 'x' }, message: 'm' }),
    );
    expect(failure).toEqual({
      code: 'auth_otp_clock_drift_error',
      fieldErrors: [],
      details: { minutes: -3 },
    });
  });

  it('maps a network failure to unknown_server_error', async () => {
    const failure = await failureOf('getMe', () => {
      throw new TypeError('Failed to fetch');
    });
    expect(failure.code).toBe('unknown_server_error');
  });

  it('maps an answer that does not match its schema to unknown_server_error', async () => {
    stubFetch(() => json(200, [{ not: 'a profile' }]));
    const error = await callApi('getMe', {}, UserProfileWire).catch((caught: unknown) => caught);
    expect(toApiFailure(error).code).toBe('unknown_server_error');
  });

  it('passes an ApiError through and maps anything else to unknown_server_error', () => {
    const known: ApiFailure = { code: 'email_not_found_error', fieldErrors: [] };
    expect(toApiFailure(new ApiError(known))).toBe(known);
    expect(toApiFailure(new Error('boom')).code).toBe('unknown_server_error');
    expect(toApiFailure(undefined).code).toBe('unknown_server_error');
  });
});

/**
 * Failures as the spec 8 error shapes. Handlers `throw fail(code)` or `throw fieldErrors(...)`; the error layer
 * (errorLayer.ts) writes the body. Nothing else ever leaves the server as an error body.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as v from 'valibot';
import type { ErrorCode } from '../../api/contract/errorCodes';
import {
  FIELD_VALIDATION_ERROR,
  FORBIDDEN_NOT_FOUND_MESSAGE,
  FORBIDDEN_USER_IS_VERIFIED,
} from '../../api/contract/errorShapes';
import { toFieldValidationErrorWire } from '../../api/contract/validation';

/** An answer body of spec 8: FieldValidationError, {code...}, or a Forbidden {errorCode}/{message}. */
export type ProblemBody = Record<string, unknown>;

export class ApiProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: ProblemBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.code === 'string' ? body.code : 'api problem');
  }
}

/** The HTTP status each catalogue code travels with. */
export const STATUS_OF: Readonly<Record<ErrorCode, ContentfulStatusCode>> = {
  unknown_credential_error: 401,
  unknown_auth_otp_code_error: 401,
  unknown_auth_recovery_otp_code_error: 401,
  used_auth_recovery_otp_code_error: 401,
  auth_otp_code_is_required_error: 401,
  two_factor_auth_is_not_setup_error: 403,
  email_not_found_error: 404,
  forgot_password_token_invalid_error: 403,
  user_confirm_token_invalid_error: 404,
  invite_token_invalid_error: 404,
  channel_subdomain_already_exist_error: 409,
  channel_subdomain_is_malformed_error: 400,
  email_already_exist_error: 409,
  registration_company_id_subdomain_not_found_error: 404,
  registration_company_id_unknown_company_id_error: 404,
  user_is_already_confirmed_error: 403,
  unknown_server_error: 500,
  account_locked_error: 423,
  rate_limited_error: 429,
  two_factor_setup_invalid_code_error: 400,
  two_factor_setup_not_enabled_error: 409,
  magic_link_invalid_error: 400,
  forbidden_error: 403,
  auth_otp_clock_drift_error: 401,
  password_breached_error: 400,
  step_up_required_error: 403,
  email_change_token_invalid_error: 404,
  account_sole_admin_error: 409,
  session_not_found_error: 404,
  remembered_device_not_found_error: 404,
  passkey_not_found_error: 404,
  passkey_invalid_error: 400,
  passkey_already_registered_error: 409,
  recovery_review_token_invalid_error: 404,
  registration_pending_elsewhere_error: 409,
};

/** Extra fields a {code} body may carry (CodeErrorWire): the setup payload, details, a message. */
export interface CodeExtras {
  twoFactorVerify?: { secret: string; dataURL: string; otpURL: string };
  details?: Record<string, unknown>;
  message?: string;
}

/** {code} with the code's status. Codes with a spec 8 Forbidden twin carry that body's fields too. */
export const fail = (
  code: ErrorCode,
  extras: CodeExtras = {},
  headers?: Record<string, string>,
): ApiProblem => {
  const twin =
    code === 'forgot_password_token_invalid_error'
      ? { message: FORBIDDEN_NOT_FOUND_MESSAGE }
      : code === 'user_is_already_confirmed_error'
        ? { ...FORBIDDEN_USER_IS_VERIFIED }
        : {};
  return new ApiProblem(STATUS_OF[code], { code, ...twin, ...extras }, headers);
};

/** A code outside the catalogue that the spec itself names (two-factor setup: code 'invalid'). */
export const failWithRawCode = (status: ContentfulStatusCode, code: string): ApiProblem =>
  new ApiProblem(status, { code });

/** FieldValidationError for a request that failed its wire schema. Never echoes the input. */
export const invalidRequest = (issues: readonly v.BaseIssue<unknown>[]): ApiProblem =>
  new ApiProblem(400, toFieldValidationErrorWire(issues));

/** FieldValidationError for one field, for rules the schema cannot know (an image that is not yours). */
export const fieldError = (path: string, code: string): ApiProblem =>
  new ApiProblem(400, { name: FIELD_VALIDATION_ERROR, errors: [{ code, message: code, path }] });

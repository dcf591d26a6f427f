/**
 * The one place that turns a failed call into a code of the spec 8 catalogue (ARCHITECTURE.md 5).
 *
 * Reading order of an HTTP failure: the body first (FieldValidationError list, `code`, `messageCode`, the
 * special Forbidden bodies), then the status (429), then unknown_server_error. Time-outs, network failures,
 * non-JSON bodies, answers that fail their schema and unknown codes are all unknown_server_error.
 */
import { isHTTPError } from 'ky';
import * as v from 'valibot';
import {
  type ApiCall,
  type ApiFailure,
  CLOCK_DRIFT_ERROR_CODE,
  ClockDriftErrorWire,
  CodeErrorWire,
  domainFieldName,
  type ErrorCode,
  type FieldError,
  FieldValidationErrorWire,
  FORBIDDEN_NOT_FOUND_MESSAGE,
  FORBIDDEN_USER_IS_VERIFIED,
  ForbiddenErrorWire,
  fromTwoFactorSetupWire,
  isErrorCode,
  issuePath,
  MESSAGE_CODE_ALIASES,
  MessageCodeErrorWire,
  VALIDATION_CODES,
} from './contract';

/** What every api/<area>.ts function rejects with; machines read `failureOf(event)` (api/contract). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly failure: ApiFailure;

  constructor(failure: ApiFailure, options?: { cause?: unknown }) {
    super(failure.code, options);
    this.failure = failure;
  }
}

/** The call that failed: some rules of spec 8 hold for one call only. */
export interface FailureContext {
  call?: ApiCall;
}

export const failure = (code: ErrorCode, extra: Partial<ApiFailure> = {}): ApiFailure => ({
  code,
  fieldErrors: [],
  ...extra,
});

const UNKNOWN = (): ApiFailure => failure('unknown_server_error');

/** A server code or messageCode -> catalogue code: the code itself, or its alias (credentials_unknown...). */
const catalogueCode = (code: string | undefined): ErrorCode | undefined => {
  if (code === undefined) return undefined;
  if (isErrorCode(code)) return code;
  return MESSAGE_CODE_ALIASES[code];
};

/** spec 5 + 8: display text the spec fixes for a validation code; otherwise the server's own message. */
const FIELD_MESSAGES: Readonly<Record<string, string>> = {
  [VALIDATION_CODES.phone]: 'Please enter a valid phone number',
};

/** spec 5: "'any.required' on otp means code required". */
const isOtpRequired = (error: FieldError) =>
  error.field === 'otpCode' && error.code === VALIDATION_CODES.required;

const fromFieldValidationError = (body: FieldValidationErrorWire, context: FailureContext): ApiFailure => {
  const fieldErrors: FieldError[] = body.errors.map((issue) => ({
    field: domainFieldName(issuePath(issue), context.call),
    code: issue.code,
    message: FIELD_MESSAGES[issue.code] ?? issue.message,
  }));
  const code: ErrorCode = fieldErrors.some(isOtpRequired)
    ? 'auth_otp_code_is_required_error'
    : (fieldErrors.map((error) => catalogueCode(error.code)).find(Boolean) ?? 'unknown_server_error');
  return failure(code, { fieldErrors });
};

/** spec 8: Forbidden 'User is verified' anywhere; Forbidden 'not found' on the set-password page's calls. */
const fromForbidden = (body: ForbiddenErrorWire, context: FailureContext): ApiFailure | undefined => {
  if (
    body.errorCode === FORBIDDEN_USER_IS_VERIFIED.errorCode ||
    body.message === FORBIDDEN_USER_IS_VERIFIED.message
  ) {
    return failure('user_is_already_confirmed_error');
  }
  const onSetPassword = context.call === 'setNewPassword' || context.call === 'checkResetToken';
  if (onSetPassword && body.message?.toLowerCase() === FORBIDDEN_NOT_FOUND_MESSAGE) {
    return failure('forgot_password_token_invalid_error');
  }
  const code = catalogueCode(body.errorCode);
  return code ? failure(code) : undefined;
};

const isRecord = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null;

/**
 * auth_otp_clock_drift_error (docs/decisions/product.md: Error codes we added) keeps only its minutes. Without well-formed minutes nothing can be
 * said about the clock, so it is what it still is: a wrong code.
 */
const fromClockDrift = (body: Record<string, unknown>): ApiFailure => {
  const drift = v.safeParse(ClockDriftErrorWire, body);
  if (!drift.success) return failure('unknown_auth_otp_code_error');
  return failure('auth_otp_clock_drift_error', { details: { minutes: drift.output.details.minutes } });
};

/** A parsed error body -> failure, or undefined when the body says nothing we know. */
const fromBody = (body: unknown, status: number, context: FailureContext): ApiFailure | undefined => {
  const fieldValidation = v.safeParse(FieldValidationErrorWire, body);
  if (fieldValidation.success) return fromFieldValidationError(fieldValidation.output, context);

  if (isRecord(body) && body.code === CLOCK_DRIFT_ERROR_CODE) return fromClockDrift(body);

  const withCode = v.safeParse(CodeErrorWire, body);
  if (withCode.success) {
    const code = catalogueCode(withCode.output.code);
    if (code) {
      const { twoFactorVerify, details } = withCode.output;
      return failure(code, {
        ...(twoFactorVerify ? { twoFactorSetup: fromTwoFactorSetupWire(twoFactorVerify) } : {}),
        ...(details ? { details } : {}),
      });
    }
  }

  const withMessageCode = v.safeParse(MessageCodeErrorWire, body);
  if (withMessageCode.success) {
    const code = catalogueCode(withMessageCode.output.messageCode);
    if (code) return failure(code);
  }

  if (status === 403) {
    const forbidden = v.safeParse(ForbiddenErrorWire, body);
    if (forbidden.success) return fromForbidden(forbidden.output, context);
  }
  return undefined;
};

/** The raw `code` of a body, for call rules that look at codes outside the catalogue ('invalid'). */
const rawCode = (body: unknown): string | undefined => {
  const parsed = v.safeParse(CodeErrorWire, body);
  return parsed.success ? parsed.output.code : undefined;
};

/**
 * spec 8 Two-factor setup (profile): code 'invalid' (or an unknown code) -> 'Invalid otp code'; any other
 * refusal -> 'your organizations don't enabled the two factor auth'. Abuse limits, clock drift and a step-up the
 * server asks for keep their own codes.
 */
const forTwoFactorSetup = (found: ApiFailure, body: unknown): ApiFailure => {
  // A wrong code from a device whose clock is off says more than 'Invalid otp code': the setup shows how to fix it.
  const keepsOwnCode: ErrorCode[] = [
    'rate_limited_error',
    'account_locked_error',
    'auth_otp_clock_drift_error',
    // /me's setup is a guarded change: the server's 'confirm it's you' opens the step-up, not a refusal.
    'step_up_required_error',
  ];
  if (keepsOwnCode.includes(found.code)) return found;
  const invalid =
    rawCode(body) === 'invalid' ||
    found.code === 'unknown_auth_otp_code_error' ||
    found.code === 'auth_otp_code_is_required_error';
  return {
    ...found,
    code: invalid ? 'two_factor_setup_invalid_code_error' : 'two_factor_setup_not_enabled_error',
  };
};

/** Any failure of a call -> ApiFailure. Synchronous: ky 2 has already parsed the body into `HTTPError.data`. */
export const toApiFailure = (error: unknown, context: FailureContext = {}): ApiFailure => {
  if (error instanceof ApiError) return error.failure;
  if (!isHTTPError(error)) return UNKNOWN();

  const status = error.response.status;
  const body = error.data;
  const found =
    fromBody(body, status, context) ?? (status === 429 ? failure('rate_limited_error') : UNKNOWN());
  return context.call === 'enableTwoFactor' ? forTwoFactorSetup(found, body) : found;
};

/**
 * A failed answer read outside ky (the upload's XMLHttpRequest, which reports upload progress): its status and
 * parsed body, read by the same rules as every other call.
 */
export const failureOfAnswer = (status: number, body: unknown, context: FailureContext = {}): ApiFailure =>
  fromBody(body, status, context) ?? (status === 429 ? failure('rate_limited_error') : UNKNOWN());

/** The ApiError to throw for any failure of a call. */
export const toApiError = (error: unknown, context: FailureContext = {}): ApiError =>
  error instanceof ApiError ? error : new ApiError(toApiFailure(error, context), { cause: error });

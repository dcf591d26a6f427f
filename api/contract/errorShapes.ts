/**
 * The error bodies of spec 8, as schemas: what the server sends and what api/errors.ts reads.
 * - FieldValidationError: {name: 'FieldValidationError', errors: [{code, message, path}]} (key accepted too)
 * - a code: {code, twoFactorVerify?} (e.g. two_factor_auth_is_not_setup_error with its setup payload)
 * - a messageCode: {messageCode} (credentials_unknown and the other MESSAGE_CODE_ALIASES)
 * - Forbidden (403): {errorCode} or {message} ('user-is-verified', 'User is verified', 'not found')
 * - clock drift (ours, docs/decisions/product.md: Error codes we added): {code: 'auth_otp_clock_drift_error', details: {minutes}} (ClockDriftErrorWire)
 */
import * as v from 'valibot';
import { TwoFactorSetupWire } from './common';

export const FIELD_VALIDATION_ERROR = 'FieldValidationError';

/** Paths arrive as 'a.b' or ['a', 'b'] (Joi style); readers join them with dots. */
export const FieldIssueWire = v.object({
  code: v.string(),
  message: v.optional(v.string(), ''),
  path: v.optional(v.union([v.string(), v.array(v.union([v.string(), v.number()]))])),
  key: v.optional(v.string()),
});
export type FieldIssueWire = v.InferOutput<typeof FieldIssueWire>;

export const FieldValidationErrorWire = v.object({
  name: v.literal(FIELD_VALIDATION_ERROR),
  errors: v.array(FieldIssueWire),
});
export type FieldValidationErrorWire = v.InferOutput<typeof FieldValidationErrorWire>;

export const CodeErrorWire = v.object({
  code: v.string(),
  message: v.optional(v.string()),
  twoFactorVerify: v.optional(TwoFactorSetupWire),
  details: v.optional(v.record(v.string(), v.unknown())),
});
export type CodeErrorWire = v.InferOutput<typeof CodeErrorWire>;

/**
 * A one-time code that is wrong now but right for the user's secret a few minutes away (docs/decisions/product.md: Error codes we added), status
 * 401 like the other code refusals: `minutes` is how far the device's clock is off, in whole minutes, positive
 * when the device is ahead of the server, negative when behind. Example:
 * `{"code": "auth_otp_clock_drift_error", "details": {"minutes": 5}}`.
 */
export const CLOCK_DRIFT_ERROR_CODE = 'auth_otp_clock_drift_error';
export const ClockDriftDetailsWire = v.object({ minutes: v.pipe(v.number(), v.integer()) });
export type ClockDriftDetailsWire = v.InferOutput<typeof ClockDriftDetailsWire>;
export const ClockDriftErrorWire = v.object({
  code: v.literal(CLOCK_DRIFT_ERROR_CODE),
  details: ClockDriftDetailsWire,
});
export type ClockDriftErrorWire = v.InferOutput<typeof ClockDriftErrorWire>;

/**
 * details of registration_pending_elsewhere_error, and of user_is_already_confirmed_error from a company-id step
 * (docs/decisions/security.md: Company-id sign-up races): the address the employee's registration waits at or was confirmed
 * with, masked as first letter, `***@`, the domain's first letter, `***` and its last label: `p***@e***.com`.
 */
export const PendingElsewhereDetailsWire = v.object({ email: v.string() });
export type PendingElsewhereDetailsWire = v.InferOutput<typeof PendingElsewhereDetailsWire>;

export const MessageCodeErrorWire = v.object({ messageCode: v.string(), message: v.optional(v.string()) });
export type MessageCodeErrorWire = v.InferOutput<typeof MessageCodeErrorWire>;

export const ForbiddenErrorWire = v.object({
  name: v.optional(v.string()),
  errorCode: v.optional(v.string()),
  message: v.optional(v.string()),
});
export type ForbiddenErrorWire = v.InferOutput<typeof ForbiddenErrorWire>;

/** spec 8 special Forbidden bodies. */
export const FORBIDDEN_USER_IS_VERIFIED = {
  errorCode: 'user-is-verified',
  message: 'User is verified',
} as const;
export const FORBIDDEN_NOT_FOUND_MESSAGE = 'not found';

/** Joins a wire issue's path (or key) into one dotted string: ['location', 'city'] -> 'location.city'. */
export const issuePath = (issue: FieldIssueWire): string => {
  if (Array.isArray(issue.path)) return issue.path.join('.');
  return issue.path ?? issue.key ?? '';
};

/**
 * The error catalogue of spec 8: every failed call becomes exactly one of these codes.
 * Machines store codes, never display text; i18n/errorMessages.ts maps each code to a message.
 */
export const ERROR_CODES = [
  'unknown_credential_error',
  'unknown_auth_otp_code_error',
  'unknown_auth_recovery_otp_code_error',
  'used_auth_recovery_otp_code_error',
  'auth_otp_code_is_required_error',
  'two_factor_auth_is_not_setup_error',
  'email_not_found_error',
  'forgot_password_token_invalid_error',
  'user_confirm_token_invalid_error',
  'invite_token_invalid_error',
  'channel_subdomain_already_exist_error',
  'channel_subdomain_is_malformed_error',
  'email_already_exist_error',
  'registration_company_id_subdomain_not_found_error',
  'registration_company_id_unknown_company_id_error',
  'user_is_already_confirmed_error',
  'unknown_server_error',
  // Ours (docs/decisions/product.md: Error codes we added): not in spec 8, needed by behaviour spec 2-4 describe.
  /** Account locked for an hour after 10 failed passwords or codes within an hour (server issue, abuse). */
  'account_locked_error',
  /** Too many requests from one address (server issue, abuse). */
  'rate_limited_error',
  /** Two-factor setup from the profile: the code did not match ('Invalid otp code', spec 8). */
  'two_factor_setup_invalid_code_error',
  /** Two-factor setup from the profile failed for any other reason (spec 8). */
  'two_factor_setup_not_enabled_error',
  /** A magic link that is used or expired (docs/decisions/product.md: Error codes we added). */
  'magic_link_invalid_error',
  /** Staff-only call by a non-staff user (spec 6). */
  'forbidden_error',
  /**
   * A one-time code that is wrong now but matches the user's secret within +-10 steps: the device's clock is off
   * (docs/decisions/product.md: Error codes we added). Carries `details: { minutes }`: how far the device clock is off, in
   * whole minutes (+ ahead, - behind).
   */
  'auth_otp_clock_drift_error',
  /**
   * A new password found in known data breaches (docs/decisions/security.md: Breached passwords). Carries
   * `details: { count }`: how often the range service has seen it.
   */
  'password_breached_error',
  /** A sensitive change without a step-up in the last 10 minutes of this session (docs/decisions/security.md: Step-up). */
  'step_up_required_error',
  /** An e-mail change or undo link that is unknown, used or expired. */
  'email_change_token_invalid_error',
  /**
   * Account deletion refused while the user is the only admin of a channel or organisation with other members
   * (docs/decisions/security.md: Deleting an account). Carries `details: { places }` (SoleAdminDetailsWire).
   */
  'account_sole_admin_error',
  /** A session reference that is not one of the user's live sessions. */
  'session_not_found_error',
  'remembered_device_not_found_error',
  /** A passkey that is not one of the user's. */
  'passkey_not_found_error',
  /**
   * A passkey ceremony the server refuses: unknown, used or expired challenge, another origin or relying party, no
   * user verification, a bad signature, an unknown credential or a cloned one (docs/decisions/security.md: Passkeys).
   */
  'passkey_invalid_error',
  /** Adding a passkey the account already has (the authenticator was registered before). */
  'passkey_already_registered_error',
  /** A recovery review's token that is unknown, used or expired (docs/decisions/security.md: Recovery review). */
  'recovery_review_token_invalid_error',
  /**
   * A company-id registration with an address other than the one the employee's registration waits at
   * (docs/decisions/security.md: Company-id sign-up races). Carries `details: { email }`: that address, masked
   * (`p***@e***.com`, PendingElsewhereDetailsWire). `user_is_already_confirmed_error` from a company-id step carries
   * the same details: the address the employee is registered with.
   */
  'registration_pending_elsewhere_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Server `messageCode` aliases of spec 8 (e.g. credentials_unknown). */
export const MESSAGE_CODE_ALIASES: Readonly<Record<string, ErrorCode>> = {
  credentials_unknown: 'unknown_credential_error',
  otp_unknown: 'unknown_auth_otp_code_error',
  recovery_code_unknown: 'unknown_auth_recovery_otp_code_error',
  recovery_code_used: 'used_auth_recovery_otp_code_error',
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/** A field-level error: the field (domain name) and the catalogue or validation code behind it. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** What every failed call turns into (api/errors.ts). */
export interface ApiFailure {
  code: ErrorCode;
  fieldErrors: FieldError[];
  /** Payload that comes with two_factor_auth_is_not_setup_error. */
  twoFactorSetup?: { secret: string; otpURL: string; dataURL: string };
  /** Extra facts some codes carry, e.g. clock drift in minutes for a TOTP code from a skewed device. */
  details?: Record<string, unknown>;
}

/**
 * What a machine reads from a rejected actor's error event (`xstate.error.actor.*`: its `error`): the ApiFailure an
 * ApiError carries (api/errors.ts), or unknown_server_error for anything else (spec 8: unknown ones become
 * unknown_server_error). The one way a machine turns a rejected call into a spec 8 failure: guards and actions call
 * `failureOf(event)`; the form kit (machines/form) turns it into what the form shows. Lives here so machines need
 * nothing from api/ but the contract.
 */
export const failureOf = (event: object): ApiFailure => {
  const failure = ((event as { error?: unknown }).error as { failure?: ApiFailure } | null | undefined)
    ?.failure;
  if (failure && isErrorCode(failure.code)) return failure;
  return { code: 'unknown_server_error', fieldErrors: [] };
};

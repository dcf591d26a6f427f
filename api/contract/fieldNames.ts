/**
 * Wire field name -> domain field name, for the paths of a FieldValidationError (spec 5: "new password error path
 * pwd shown as newPassword"). A call's own map wins over the defaults.
 */
import { AUTH_FIELD_NAMES } from './auth';
import type { ApiCall } from './paths';
import { PROFILE_FIELD_NAMES } from './profile';
import { REGISTRATION_FIELD_NAMES } from './registration';
import { SECURITY_FIELD_NAMES } from './security';

export const DEFAULT_FIELD_NAMES: Readonly<Record<string, string>> = {
  pwd: 'newPassword',
  username: 'screenName',
  otp: 'otpCode',
  recoveryOtp: 'recoveryOtpCode',
};

export const CALL_FIELD_NAMES: Partial<Record<ApiCall, Readonly<Record<string, string>>>> = {
  ...AUTH_FIELD_NAMES,
  ...PROFILE_FIELD_NAMES,
  ...REGISTRATION_FIELD_NAMES,
  ...SECURITY_FIELD_NAMES,
};

/** 'pwd' -> 'newPassword'; nested paths map their first segment ('location.city' stays). */
export const domainFieldName = (wirePath: string, call?: ApiCall): string => {
  const [head = '', ...rest] = wirePath.split('.');
  const names = { ...DEFAULT_FIELD_NAMES, ...(call ? CALL_FIELD_NAMES[call] : undefined) };
  return [names[head] ?? head, ...rest].join('.');
};

/**
 * The login flow's vocabulary (spec 2 Login, 4 Login, 5, 8): its fields, its forms, its events, and where spec 8
 * shows each refusal. Its types are in login.types.ts; the machine file reads as the flow and nothing else.
 */
import * as v from 'valibot';
import { LoginForm, type LoginResult, OtpForm, RecoveryForm } from '../../api/contract/auth';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { formErrors } from '../../api/contract/validation';
import { type FormPlaces, firstErrorPerField } from '../form/refusal';
import type { LoginContext, LoginField, LoginFormName } from './login.types';

export const FORM_FIELDS: Readonly<Record<LoginFormName, readonly LoginField[]>> = {
  password: ['email', 'password'],
  code: ['otpCode'],
  recovery: ['recoveryOtpCode'],
};

/** spec 5: the schema each form is checked against before it is sent (the contract's, never a copy). */
const FORM_SCHEMAS = {
  password: LoginForm,
  code: OtpForm,
  recovery: RecoveryForm,
} as const satisfies Record<LoginFormName, v.GenericSchema>;

/** The form's values as its schema sees them. */
const formValues = (form: LoginFormName, context: LoginContext) =>
  Object.fromEntries(FORM_FIELDS[form].map((field) => [field, context[field]]));

/** spec 5: true when the form may be sent. */
export const isFormValid = (form: LoginFormName, context: LoginContext): boolean =>
  v.safeParse(FORM_SCHEMAS[form], formValues(form, context)).success;

/** spec 5: the first validation code of each invalid field of the form. */
export const validationErrors = (
  form: LoginFormName,
  context: LoginContext,
): Partial<Record<LoginField, string>> =>
  firstErrorPerField(formErrors(FORM_SCHEMAS[form], formValues(form, context)), FORM_FIELDS[form]);

/** The form's cleaned values, as the call takes them (pasted '123 456' -> '123456'). */
export const cleanedValue = <F extends LoginFormName>(form: F, context: LoginContext) =>
  v.parse(FORM_SCHEMAS[form], formValues(form, context)) as v.InferOutput<(typeof FORM_SCHEMAS)[F]>;

/** docs/decisions/security.md: Remember this device: the call carries the box only when it is ticked. */
export const rememberedIf = (context: LoginContext): { rememberDevice?: true } =>
  context.rememberDevice ? { rememberDevice: true } : {};

/** spec 8: where a refusal is shown; codes not listed here are form errors. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, LoginField>> = {
  unknown_credential_error: 'password',
  auth_otp_code_is_required_error: 'otpCode',
  unknown_auth_otp_code_error: 'otpCode',
  auth_otp_clock_drift_error: 'otpCode',
  unknown_auth_recovery_otp_code_error: 'recoveryOtpCode',
  used_auth_recovery_otp_code_error: 'recoveryOtpCode',
};

/** spec 8 codes that mean "show the one-time-code form". */
export const CODE_FORM_CODES: readonly ErrorCode[] = [
  'auth_otp_code_is_required_error',
  'unknown_auth_otp_code_error',
  'auth_otp_clock_drift_error',
];

/** spec 8: where form `form` shows a refusal (the form kit's refusalFrom reads it). */
export const formPlaces = (form: LoginFormName): FormPlaces<LoginField> => ({
  fields: FORM_FIELDS[form],
  placed: FIELD_OF_CODE,
});

/**
 * The two-factor setup's output at login: its verify is the login call again (routes/loginRoutes.tsx), so the
 * output is the login's answer; the setup machine types it as unknown, so its redirect is read with a check.
 */
export const loginResultOf = (setupOutput: unknown): LoginResult => {
  const redirectUrl = (setupOutput as { redirectUrl?: unknown } | undefined)?.redirectUrl;
  return { redirectUrl: typeof redirectUrl === 'string' ? redirectUrl : null };
};

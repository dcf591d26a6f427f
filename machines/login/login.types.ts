/**
 * The login flow's vocabulary (spec 2 Login, 4 Login, 5, 8): its fields, its forms, its events, and where spec 8
 * shows each refusal. Kept apart from the machine so the machine file reads as the flow and nothing else.
 */
import * as v from 'valibot';
import { LoginForm, OtpForm, RecoveryForm } from '../../api/contract/auth';
import type { TwoFactorSetup } from '../../api/contract/common';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { formErrors } from '../../api/contract/validation';
import { type FormPlaces, firstErrorPerField, type Refusal } from '../form/refusal';

/** The fields of the three login forms, by their domain names (the names api/errors.ts gives server paths). */
export type LoginField = 'email' | 'password' | 'otpCode' | 'recoveryOtpCode';

/** spec 2 Login: the password form, the one-time-code form, the recovery-code form. */
export type LoginFormName = 'password' | 'code' | 'recovery';

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

export interface LoginContext {
  email: string;
  password: string;
  /** The one-time code as typed or pasted; the call gets it cleaned (spaces and dashes dropped). */
  otpCode: string;
  recoveryOtpCode: string;
  /** spec 5 validation codes ('any.required', 'string.email', ...) under the fields, from the form's schema. */
  fieldErrors: Partial<Record<LoginField, string>>;
  /** The last refusal of the login call (spec 8); undefined while none is shown. */
  error: Refusal | undefined;
  /** spec 3 twoFactorSetupPayload from two_factor_auth_is_not_setup_error; kept across rejections (spec 4). */
  twoFactorSetup: TwoFactorSetup | undefined;
  /** Whether the browser can copy to the clipboard; handed to the two-factor setup (spec 2 Two-factor setup). */
  canCopy: boolean | undefined;
  /** spec 2 Login: where the page goes after success; null: to /me. */
  redirectUrl: string | null;
}

export interface LoginMachineInput {
  canCopy?: boolean;
  /** Prefills the e-mail field (e.g. a link from a registration page). */
  email?: string;
}

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'form.submit' }
  /** spec 2 Login: the code form's link for users without their authenticator device. */
  | { type: 'recovery.choose' }
  /** spec 4 Login: from the recovery form back to the code form. */
  | { type: 'back' }
  /** spec 4 Login: back to the password form; clears payload, error and loading. */
  | { type: 'reset' }
  /** The code form's 'Not you?': back to the password form for another account, the e-mail cleared too. */
  | { type: 'account.change' };

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

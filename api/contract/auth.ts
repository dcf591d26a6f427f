/**
 * Authentication calls (spec 7): login, logout, forgot password, reset token, new password, magic link,
 * two-factor secret and setup, recovery codes. Wire names (pwd, otp, recoveryOtp) are mapped here only.
 */
import * as v from 'valibot';
import {
  CurrentPasswordSchema,
  EmailSchema,
  OtpInputSchema,
  OtpWireSchema,
  passwordSchema,
  RecoveryCodeInputSchema,
  RecoveryCodeWireSchema,
  TokenSchema,
} from './common';
import { NEW_PASSWORD_MIN } from './limits';

// ---------------------------------------------------------------------------------------------- forms (spec 5)

/** spec 5 Login: e-mail (type e-mail) and password required. */
export const LoginForm = v.object({ email: EmailSchema, password: CurrentPasswordSchema });
export type LoginForm = v.InferOutput<typeof LoginForm>;

/** spec 5: one-time code required, exactly 6 digits, digits only (pasted spaces and dashes cleaned). */
export const OtpForm = v.object({ otpCode: OtpInputSchema });
export type OtpForm = v.InferOutput<typeof OtpForm>;

/** spec 5: recovery code, 6 characters, required. */
export const RecoveryForm = v.object({ recoveryOtpCode: RecoveryCodeInputSchema });
export type RecoveryForm = v.InferOutput<typeof RecoveryForm>;

/** spec 5: new password required, min 6. */
export const NewPasswordSchema = passwordSchema(NEW_PASSWORD_MIN);
export const NewPasswordForm = v.object({ newPassword: NewPasswordSchema });
export type NewPasswordForm = v.InferOutput<typeof NewPasswordForm>;

/** spec 5: forgot password e-mail required. */
export const ForgotPasswordForm = v.object({ email: EmailSchema });
export type ForgotPasswordForm = v.InferOutput<typeof ForgotPasswordForm>;

// ---------------------------------------------------------------------------------------------- login

/** POST /api/login body. At most one of otp and recoveryOtp is sent. */
export const LoginRequestWire = v.object({
  email: EmailSchema,
  pwd: CurrentPasswordSchema,
  otp: v.optional(OtpWireSchema),
  recoveryOtp: v.optional(RecoveryCodeWireSchema),
  /** 'Remember this device' ticked with the code (docs/decisions/security.md: Remember this device). */
  rememberDevice: v.optional(v.boolean()),
});
export type LoginRequestWire = v.InferOutput<typeof LoginRequestWire>;

export interface LoginInput {
  email: string;
  password: string;
  otpCode?: string;
  recoveryOtpCode?: string;
  /** 'Remember this device' ticked with the code (docs/decisions/security.md: Remember this device). */
  rememberDevice?: boolean;
}

/**
 * The two-factor setup's VERIFY & SAVE input as a login (spec 2 Two-factor setup at login: the login call again,
 * with the code). The login machine hands the setup { email, password } as verifyWith; the setup adds otpCode.
 * Narrowed, not cast: an input without them is refused before any call.
 */
export function loginInputOf({ email, password, otpCode }: Record<string, unknown>): LoginInput {
  if (typeof email !== 'string' || typeof password !== 'string' || typeof otpCode !== 'string')
    throw new TypeError('VERIFY & SAVE at login needs the e-mail and password it was handed, and the code');
  return { email, password, otpCode };
}

export const toLoginRequestWire = (input: LoginInput): LoginRequestWire => ({
  email: input.email,
  pwd: input.password,
  ...(input.otpCode ? { otp: input.otpCode } : {}),
  ...(input.recoveryOtpCode ? { recoveryOtp: input.recoveryOtpCode } : {}),
  ...(input.rememberDevice ? { rememberDevice: true } : {}),
});
export const fromLoginRequestWire = (wire: LoginRequestWire): LoginInput => ({
  email: wire.email,
  password: wire.pwd,
  ...(wire.otp ? { otpCode: wire.otp } : {}),
  ...(wire.recoveryOtp ? { recoveryOtpCode: wire.recoveryOtp } : {}),
  ...(wire.rememberDevice ? { rememberDevice: true } : {}),
});

/**
 * spec 3 Login response: redirectUrl (absent or null: go to /me). Ours: `recoveryCodes` when this very login
 * completed a forced two-factor setup (spec 2 Two-factor setup, docs/decisions/security.md: One-time and recovery codes: the user is shown them once).
 */
export const LoginAnswerWire = v.object({
  redirectUrl: v.nullish(v.string()),
  recoveryCodes: v.optional(v.array(RecoveryCodeWireSchema)),
});
export type LoginAnswerWire = v.InferOutput<typeof LoginAnswerWire>;
export interface LoginResult {
  redirectUrl: string | null;
  /** Only after a login that turned two-factor on: the fresh recovery codes, in plain text this once. */
  recoveryCodes?: string[];
}
export const fromLoginAnswerWire = (wire: LoginAnswerWire): LoginResult => ({
  redirectUrl: wire.redirectUrl ?? null,
  ...(wire.recoveryCodes ? { recoveryCodes: [...wire.recoveryCodes] } : {}),
});
export const toLoginAnswerWire = (result: LoginResult): LoginAnswerWire => ({
  redirectUrl: result.redirectUrl,
  ...(result.recoveryCodes ? { recoveryCodes: [...result.recoveryCodes] } : {}),
});

// ---------------------------------------------------------------------------------------------- magic link

/** POST /api/magic_link body: exchange a magic-link token for a session. Answers like login. */
export const MagicLinkRequestWire = v.object({ token: TokenSchema });
export type MagicLinkRequestWire = v.InferOutput<typeof MagicLinkRequestWire>;
export interface MagicLinkInput {
  token: string;
}
export const toMagicLinkRequestWire = (input: MagicLinkInput): MagicLinkRequestWire => ({
  token: input.token,
});
export const MagicLinkAnswerWire = LoginAnswerWire;
export const fromMagicLinkAnswerWire = fromLoginAnswerWire;

// ---------------------------------------------------------------------------------------------- forgot password

/** POST /api/forgot_password body: e-mail, plus generateMagicLink true for the magic-link variant. */
export const ForgotPasswordRequestWire = v.object({
  email: EmailSchema,
  generateMagicLink: v.optional(v.boolean()),
});
export type ForgotPasswordRequestWire = v.InferOutput<typeof ForgotPasswordRequestWire>;
export interface ForgotPasswordInput {
  email: string;
  /** true on /forgot_password_magic: the mail carries a magic link instead of a reset link. */
  magicLink?: boolean;
}
export const toForgotPasswordRequestWire = (input: ForgotPasswordInput): ForgotPasswordRequestWire => ({
  email: input.email,
  ...(input.magicLink ? { generateMagicLink: true } : {}),
});

// ---------------------------------------------------------------------------------------------- set new password

/** GET and POST /api/forgot_password_set?token: the query. */
export const ResetTokenQueryWire = v.object({ token: TokenSchema });
export type ResetTokenQueryWire = v.InferOutput<typeof ResetTokenQueryWire>;
export interface ResetTokenInput {
  token: string;
}

/** POST /api/forgot_password_set?token body. */
export const SetNewPasswordRequestWire = v.object({ pwd: NewPasswordSchema });
export type SetNewPasswordRequestWire = v.InferOutput<typeof SetNewPasswordRequestWire>;
export interface SetNewPasswordInput {
  token: string;
  newPassword: string;
}
export const toSetNewPasswordRequestWire = (
  input: SetNewPasswordInput,
): { query: ResetTokenQueryWire; body: SetNewPasswordRequestWire } => ({
  query: { token: input.token },
  body: { pwd: input.newPassword },
});

// ---------------------------------------------------------------------------------------------- two-factor

/** GET /api/me/2fa answers the setup payload (TwoFactorSetupWire in common.ts). */

/** POST /api/me/2fa body. */
export const EnableTwoFactorRequestWire = v.object({ otp: OtpWireSchema });
export type EnableTwoFactorRequestWire = v.InferOutput<typeof EnableTwoFactorRequestWire>;
export interface EnableTwoFactorInput {
  otpCode: string;
}
export const toEnableTwoFactorRequestWire = (input: EnableTwoFactorInput): EnableTwoFactorRequestWire => ({
  otp: input.otpCode,
});

/**
 * Answer of POST /api/me/2fa and POST /api/me/2fa/recovery_codes: the fresh recovery codes (docs/decisions/security.md: One-time and recovery codes: shown
 * once after setup). Sent in plain text only in this answer; the server keeps hashes.
 */
export const RecoveryCodesAnswerWire = v.object({ recoveryCodes: v.array(RecoveryCodeWireSchema) });
export type RecoveryCodesAnswerWire = v.InferOutput<typeof RecoveryCodesAnswerWire>;
export interface RecoveryCodes {
  recoveryCodes: string[];
}
export const fromRecoveryCodesAnswerWire = (wire: RecoveryCodesAnswerWire): RecoveryCodes => ({
  recoveryCodes: [...wire.recoveryCodes],
});
export const toRecoveryCodesAnswerWire = (codes: RecoveryCodes): RecoveryCodesAnswerWire => ({
  recoveryCodes: [...codes.recoveryCodes],
});

/**
 * POST /api/me/2fa/recovery_codes body: a current one-time code from the authenticator (docs/decisions/security.md:
 * Regenerating recovery codes needs a current code), so a borrowed session alone cannot mint new codes.
 */
export const RegenerateRecoveryCodesRequestWire = v.object({ otp: OtpWireSchema });
export type RegenerateRecoveryCodesRequestWire = v.InferOutput<typeof RegenerateRecoveryCodesRequestWire>;
export interface RegenerateRecoveryCodesInput {
  otpCode: string;
}
export const toRegenerateRecoveryCodesRequestWire = (
  input: RegenerateRecoveryCodesInput,
): RegenerateRecoveryCodesRequestWire => ({ otp: input.otpCode });

/** GET /api/me/2fa/recovery_codes answer: how many unused codes are left. */
export const RecoveryCodeCountAnswerWire = v.object({
  remaining: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type RecoveryCodeCountAnswerWire = v.InferOutput<typeof RecoveryCodeCountAnswerWire>;
export interface RecoveryCodeCount {
  remaining: number;
}
export const fromRecoveryCodeCountAnswerWire = (wire: RecoveryCodeCountAnswerWire): RecoveryCodeCount => ({
  remaining: wire.remaining,
});
export const toRecoveryCodeCountAnswerWire = (count: RecoveryCodeCount): RecoveryCodeCountAnswerWire => ({
  remaining: count.remaining,
});

/**
 * Wire field name -> domain field name per auth call, for FieldValidationError paths (spec 5: "new password error
 * path pwd shown as newPassword").
 */
export const AUTH_FIELD_NAMES = {
  login: { pwd: 'password', otp: 'otpCode', recoveryOtp: 'recoveryOtpCode' },
  setNewPassword: { pwd: 'newPassword' },
  enableTwoFactor: { otp: 'otpCode' },
} as const;

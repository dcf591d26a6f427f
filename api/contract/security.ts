/**
 * The account-security centre (docs/decisions/security.md: Account-security centre): step-up, change password, change
 * e-mail, sessions and devices, delete account. Wire names (pwd, otp) as in the auth calls.
 */
import * as v from 'valibot';
import {
  VALIDATION_CODES as C,
  CurrentPasswordSchema,
  EmailSchema,
  OtpInputSchema,
  OtpWireSchema,
  TokenSchema,
} from './common';
import { USER_LIMITS } from './limits';
import { SignUpPasswordSchema } from './registration';

/** How long a step-up lets sensitive changes through (docs/decisions/security.md: Step-up). */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

// ---------------------------------------------------------------------------------------------- step-up

/**
 * POST /api/me/step_up: the password, or for an account with two-factor a current one-time code (the code proves
 * more than the password alone, docs/decisions/security.md: Step-up).
 */
export const StepUpRequestWire = v.object({
  pwd: v.optional(CurrentPasswordSchema),
  otp: v.optional(OtpWireSchema),
});
export type StepUpRequestWire = v.InferOutput<typeof StepUpRequestWire>;
export interface StepUpInput {
  password?: string;
  otpCode?: string;
}
/** The step-up's wire fields by their domain names (a refused `pwd` is the current password, not a new one). */
export const SECURITY_FIELD_NAMES = {
  stepUp: { pwd: 'password', otp: 'otpCode' },
} as const;

/** The step-up form as typed, under the login's rules: the password is required only (spec 5 Login). */
export const StepUpPasswordForm = v.object({ password: CurrentPasswordSchema });
/** The step-up form of an account with two-factor: exactly 6 digits, pasted spaces and dashes cleaned (spec 5). */
export const StepUpCodeForm = v.object({ otpCode: OtpInputSchema });

export const toStepUpRequestWire = (input: StepUpInput): StepUpRequestWire => ({
  ...(input.password ? { pwd: input.password } : {}),
  ...(input.otpCode ? { otp: input.otpCode } : {}),
});

/** Until when sensitive changes go through without asking again (ISO 8601). */
export const StepUpAnswerWire = v.object({ validUntil: v.pipe(v.string(), v.isoTimestamp()) });
export type StepUpAnswerWire = v.InferOutput<typeof StepUpAnswerWire>;

// ---------------------------------------------------------------------------------------------- change password

/** POST /api/me/password: the new password under the sign-up rules (spec 5). */
export const ChangePasswordRequestWire = v.object({ pwd: SignUpPasswordSchema });
export type ChangePasswordRequestWire = v.InferOutput<typeof ChangePasswordRequestWire>;
export interface ChangePasswordInput {
  newPassword: string;
}
/**
 * The change-password form as typed: the new password under the sign-up rules (spec 5, the rule the server holds
 * it to) and its confirmation, which must be the same ('any.only' on the confirmation, as sign-up's e-mails).
 */
export const ChangePasswordForm = v.pipe(
  v.object({
    newPassword: SignUpPasswordSchema,
    confirmation: v.pipe(v.string(C.required), v.nonEmpty(C.required)),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmation']],
      (input) => input.newPassword === input.confirmation,
      C.only,
    ),
    ['confirmation'],
  ),
);

/** Two addresses are one address when they differ only in case or surrounding spaces (the unique index's rule). */
export const isSameEmail = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** docs/decisions/security.md: Deleting an account: the typed confirmation is the account's e-mail, in any case. */
export const confirmsAccount = (typed: string, email: string): boolean =>
  typed.trim() !== '' && isSameEmail(typed, email);

export const toChangePasswordRequestWire = (input: ChangePasswordInput): ChangePasswordRequestWire => ({
  pwd: input.newPassword,
});

// ---------------------------------------------------------------------------------------------- change e-mail

/** How long the link mailed to the NEW address works (docs/decisions/security.md: Changing the e-mail address). */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60_000;
/** How long the undo link mailed to the OLD address works once the change is made. */
export const EMAIL_UNDO_LINK_TTL_MS = 7 * EMAIL_CHANGE_LINK_TTL_MS;

/** POST /api/me/email: the new address; a link goes to it, nothing changes until it is used. */
export const ChangeEmailRequestWire = v.object({ email: EmailSchema });
export type ChangeEmailRequestWire = v.InferOutput<typeof ChangeEmailRequestWire>;

/**
 * The e-mail change form as typed: the new address under the wire's rule (spec 5 e-mail) and not the account's own
 * address in any case ('string.email.unchanged'; the server refuses it as email_already_exist_error).
 */
export const changeEmailForm = (currentEmail: string) =>
  v.object({
    email: v.pipe(
      EmailSchema,
      v.check((email) => !isSameEmail(email, currentEmail), C.emailUnchanged),
    ),
  });

/** POST /api/me/email/confirm and POST /api/me/email/undo: the mailed token. */
export const EmailChangeTokenRequestWire = v.object({ token: TokenSchema });
export type EmailChangeTokenRequestWire = v.InferOutput<typeof EmailChangeTokenRequestWire>;

/** The address the account now has. */
export const EmailChangeAnswerWire = v.object({ email: v.string() });
export type EmailChangeAnswerWire = v.InferOutput<typeof EmailChangeAnswerWire>;

// ---------------------------------------------------------------------------------------------- sessions

/** A session as the list shows it: never its id, only a reference derived from it (docs/security.md). */
export const SessionWire = v.object({
  id: v.string(),
  browser: v.string(),
  system: v.string(),
  firstSeen: v.pipe(v.string(), v.isoTimestamp()),
  lastSeen: v.pipe(v.string(), v.isoTimestamp()),
  current: v.boolean(),
});
export type SessionWire = v.InferOutput<typeof SessionWire>;

/** GET /api/me/sessions. */
export const SessionsAnswerWire = v.object({ sessions: v.array(SessionWire) });
export type SessionsAnswerWire = v.InferOutput<typeof SessionsAnswerWire>;

/** A session reference: 32 lowercase hex characters (what SessionWire.id holds). */
export const SESSION_REF_PATTERN = /^[0-9a-f]{32}$/;
export const SessionParamsWire = v.object({
  id: v.pipe(v.string(C.required), v.regex(SESSION_REF_PATTERN, C.pattern)),
});

/** DELETE /api/me/sessions: how many other sessions ended. */
export const EndedSessionsAnswerWire = v.object({ ended: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export type EndedSessionsAnswerWire = v.InferOutput<typeof EndedSessionsAnswerWire>;

// ---------------------------------------------------------------------------------------------- remembered devices

/**
 * A browser that skips the code at login (docs/decisions/security.md: Remember this device): a reference derived from
 * the stored hash, never the token.
 */
export const RememberedDeviceWire = v.object({
  id: v.string(),
  browser: v.string(),
  system: v.string(),
  rememberedAt: v.pipe(v.string(), v.isoTimestamp()),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
  current: v.boolean(),
});
export type RememberedDeviceWire = v.InferOutput<typeof RememberedDeviceWire>;

/** GET /api/me/remembered-devices. */
export const RememberedDevicesAnswerWire = v.object({ devices: v.array(RememberedDeviceWire) });
export type RememberedDevicesAnswerWire = v.InferOutput<typeof RememberedDevicesAnswerWire>;

/** DELETE /api/me/remembered-devices/{id}: the reference RememberedDeviceWire.id holds (32 lowercase hex). */
export const RememberedDeviceParamsWire = v.object({
  id: v.pipe(v.string(C.required), v.regex(SESSION_REF_PATTERN, C.pattern)),
});

// ---------------------------------------------------------------------------------------------- delete account

/** DELETE /api/me: the typed confirmation is the account's e-mail address (any case). */
export const DeleteAccountRequestWire = v.object({
  confirmation: v.pipe(
    v.string(C.required),
    v.trim(),
    v.nonEmpty(C.required),
    v.maxLength(USER_LIMITS.email, C.max),
  ),
});
export type DeleteAccountRequestWire = v.InferOutput<typeof DeleteAccountRequestWire>;

/** details of account_sole_admin_error: the places that would be left without an admin. */
export const SoleAdminDetailsWire = v.object({
  places: v.array(v.object({ kind: v.picklist(['channel', 'organisation']), name: v.string() })),
});
export type SoleAdminDetailsWire = v.InferOutput<typeof SoleAdminDetailsWire>;

/** A session in the domain: the wire fields are already the domain's names. */
export type DeviceSession = SessionWire;
export interface EndSessionInput {
  id: string;
}
/** A remembered device in the domain: the wire fields are already the domain's names. */
export type RememberedDevice = RememberedDeviceWire;
export interface ForgetDeviceInput {
  id: string;
}
export interface ChangeEmailInput {
  email: string;
}
export interface EmailChangeTokenInput {
  token: string;
}
export interface DeleteAccountInput {
  confirmation: string;
}

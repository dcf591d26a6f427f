/**
 * Building blocks shared by every area of the contract: validation codes, field schemas built from the limits,
 * ids, dates, images and the two-factor setup payload.
 *
 * Validation messages are Joi-style codes ('any.required', 'string.min', ...), the same codes the server puts in a
 * FieldValidationError (spec 5: "Server validation errors carry key, code, message or path"). Views map a code to
 * text through i18n; nobody stores display text.
 */
import * as v from 'valibot';
import {
  OTP_LENGTH,
  PASSWORD_MAX,
  RECOVERY_CODE_LENGTH,
  SCREEN_NAME_MAX,
  SCREEN_NAME_MIN,
  SEARCH_MAX,
  SIGNUP_NAME_MAX,
  SIGNUP_NAME_MIN,
  USER_LIMITS,
} from './limits';

export const VALIDATION_CODES = {
  required: 'any.required',
  /** A value that must equal another one (confirm e-mail) or be exactly one accepted value (terms). */
  only: 'any.only',
  /** A box that must be ticked (the terms): its own code, so the message can say so. */
  accepted: 'any.accepted',
  type: 'any.invalid',
  min: 'string.min',
  max: 'string.max',
  length: 'string.length',
  email: 'string.email',
  /**
   * A new e-mail address that is the one the account already has, in any case (the e-mail change form; ours, not
   * spec 5: the server answers email_already_exist_error for it, docs/decisions/security.md: Changing the e-mail address).
   */
  emailUnchanged: 'string.email.unchanged',
  pattern: 'string.pattern.base',
  /** spec 5: shown as 'Please enter a valid phone number'. */
  phone: 'string.phonenumber',
  uri: 'string.uri',
} as const;
export type ValidationCode = (typeof VALIDATION_CODES)[keyof typeof VALIDATION_CODES];

const C = VALIDATION_CODES;

/** docs/decisions/security.md: One-time and recovery codes: pasted codes are cleaned of spaces and dashes before validation. */
export const cleanCode = (value: string): string => value.replace(/[\s-]/g, '');

/** spec 5: one-time code, exactly OTP_LENGTH digits. */
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
/** spec 5: recovery code, exactly RECOVERY_CODE_LENGTH characters (letters and digits once cleaned). */
export const RECOVERY_CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${RECOVERY_CODE_LENGTH}}$`);

export const boundedString = (min: number, max: number) =>
  v.pipe(
    v.string(C.required),
    v.trim(),
    v.nonEmpty(C.required),
    v.minLength(min, C.min),
    v.maxLength(max, C.max),
  );

/** Optional free text with a ceiling; '' means "not set". */
export const optionalText = (max: number) => v.pipe(v.string(C.type), v.trim(), v.maxLength(max, C.max));

export const EmailSchema = v.pipe(
  v.string(C.required),
  v.trim(),
  v.nonEmpty(C.required),
  v.maxLength(USER_LIMITS.email, C.max),
  v.email(C.email),
);

/** Login password: required only (an old account may predate today's minimums). */
export const CurrentPasswordSchema = v.pipe(
  v.string(C.required),
  v.nonEmpty(C.required),
  v.maxLength(PASSWORD_MAX, C.max),
);

/** Passwords are never trimmed: spaces are legitimate characters. */
export const passwordSchema = (min: number) =>
  v.pipe(
    v.string(C.required),
    v.nonEmpty(C.required),
    v.minLength(min, C.min),
    v.maxLength(PASSWORD_MAX, C.max),
  );

/** spec 5: sign-up name 2-100, the profile's limit (docs/decisions/product.md: One name limit). */
export const SignUpNameSchema = boundedString(SIGNUP_NAME_MIN, SIGNUP_NAME_MAX);
/** spec 5: screen name in the profile 2-100 (user limit). */
export const ScreenNameSchema = boundedString(SCREEN_NAME_MIN, SCREEN_NAME_MAX);

/** A one-time code exactly as it travels: 6 digits, nothing else. */
export const OtpWireSchema = v.pipe(
  v.string(C.required),
  v.nonEmpty(C.required),
  v.length(OTP_LENGTH, C.length),
  v.regex(OTP_PATTERN, C.pattern),
);
/** A recovery code exactly as it travels. */
export const RecoveryCodeWireSchema = v.pipe(
  v.string(C.required),
  v.nonEmpty(C.required),
  v.length(RECOVERY_CODE_LENGTH, C.length),
  v.regex(RECOVERY_CODE_PATTERN, C.pattern),
);
/** A one-time code as typed or pasted: cleaned first, then held to the wire rule. */
export const OtpInputSchema = v.pipe(v.string(C.required), v.transform(cleanCode), OtpWireSchema);
export const RecoveryCodeInputSchema = v.pipe(
  v.string(C.required),
  v.transform(cleanCode),
  RecoveryCodeWireSchema,
);

/** A token from a link (reset, invite, confirm, magic link). */
export const TokenSchema = v.pipe(v.string(C.required), v.trim(), v.nonEmpty(C.required));
export const TokenQueryWire = v.object({ token: TokenSchema });
export type TokenQueryWire = v.InferOutput<typeof TokenQueryWire>;

/** Ids travel as strings or numbers (servers differ); inside the app they are strings. */
export const IdWire = v.union([v.string(), v.number()]);
export type IdWire = v.InferOutput<typeof IdWire>;
export const fromIdWire = (id: IdWire): string => String(id);

/** The largest id a row of the reference database can have (a Postgres integer). */
export const MAX_ROW_ID = 2_147_483_647;
/**
 * A row id as it arrives (a path segment, an image picked for the profile): a positive integer a row can have.
 * Anything else (2147483648, 1e3, 0x10, -1) is a field error, never a query the database refuses.
 */
export const rowIdOf = (id: IdWire): number | undefined => {
  const text = String(id);
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_ROW_ID ? value : undefined;
};

/** Dates travel as ISO strings; inside the app they are Date objects. */
export const IsoDateWire = v.pipe(v.string(), v.isoTimestamp());
export const fromDateWire = (iso: string): Date => new Date(iso);
export const toDateWire = (date: Date): string => date.toISOString();

/** spec 3: image (id, url). */
export const ImageRefWire = v.object({ id: IdWire, url: v.string() });
export type ImageRefWire = v.InferOutput<typeof ImageRefWire>;
export interface ImageRef {
  id: string;
  url: string;
}
export const fromImageRefWire = (wire: ImageRefWire): ImageRef => ({
  id: fromIdWire(wire.id),
  url: wire.url,
});
export const toImageRefWire = (image: ImageRef): ImageRefWire => ({ id: image.id, url: image.url });

/**
 * spec 3 twoFactorSetupPayload: sent as `twoFactorVerify` by login and invite sign-up when two-factor is not set
 * up, and by GET /api/me/2fa. Same field names on both sides.
 */
export const TwoFactorSetupWire = v.object({ secret: v.string(), dataURL: v.string(), otpURL: v.string() });
export type TwoFactorSetupWire = v.InferOutput<typeof TwoFactorSetupWire>;
export interface TwoFactorSetup {
  secret: string;
  otpURL: string;
  dataURL: string;
}
export const fromTwoFactorSetupWire = (wire: TwoFactorSetupWire): TwoFactorSetup => ({
  secret: wire.secret,
  otpURL: wire.otpURL,
  dataURL: wire.dataURL,
});
export const toTwoFactorSetupWire = (setup: TwoFactorSetup): TwoFactorSetupWire => ({
  secret: setup.secret,
  dataURL: setup.dataURL,
  otpURL: setup.otpURL,
});

/** The answer of calls that return no data. Clients ignore the body; the server sends {ok: true}. */
export const OkAnswerWire = v.object({ ok: v.literal(true) });
export type OkAnswerWire = v.InferOutput<typeof OkAnswerWire>;
export const OK_ANSWER: OkAnswerWire = { ok: true };

/** spec 5: the terms checkbox at registration must be ticked. */
export const TermsSchema = v.literal(true, C.accepted);

/** spec 5 / 9: list search box, max 20 characters. */
export const SearchQuery = v.pipe(v.string(C.type), v.maxLength(SEARCH_MAX, C.max));
export type SearchQuery = v.InferOutput<typeof SearchQuery>;

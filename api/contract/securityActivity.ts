/**
 * The account's recent security activity (docs/decisions/security.md: Security activity): its sign-ins, each by the
 * way it proved itself, and its security changes, with the browser and system that made them and when; no address.
 * GET /api/me/security-activity?page=N answers PAGE_SIZE rows a page, newest first.
 */
import * as v from 'valibot';
import { VALIDATION_CODES as C } from './common';

/** How long a row is kept (server/retentionSweep.ts). */
export const SECURITY_ACTIVITY_KEPT_DAYS = 90;

/** How a sign-in proved itself. */
export const SIGN_IN_METHODS = [
  'password',
  'password_code',
  'recovery_code',
  'remembered_device',
  'passkey',
  'magic_link',
  'sso',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A sign-in, or the security change a row records. */
export const SECURITY_ACTIVITY_KINDS = [
  'sign_in',
  'password_changed',
  'password_reset',
  'email_changed',
  'email_change_undone',
  'two_factor_enabled',
  'two_factor_removed',
  'recovery_codes_regenerated',
  'passkey_added',
  'passkey_removed',
  'signed_out_everywhere',
] as const;
export type SecurityActivityKind = (typeof SECURITY_ACTIVITY_KINDS)[number];

/** The highest page asked for: 90 days of even a busy account fit far below it. */
export const SECURITY_ACTIVITY_MAX_PAGE = 1000;

/** ?page=N, 1-based; absent is the first. */
export const SecurityActivityQueryWire = v.object({
  page: v.optional(
    v.pipe(
      v.string(C.required),
      v.regex(/^[1-9][0-9]{0,3}$/, C.pattern),
      v.transform(Number),
      v.maxValue(SECURITY_ACTIVITY_MAX_PAGE, C.pattern),
    ),
  ),
});
export type SecurityActivityQueryWire = v.InferOutput<typeof SecurityActivityQueryWire>;

/** One row: what happened, how (a sign-in's method), from which browser and system, when. */
export const SecurityActivityEntryWire = v.object({
  kind: v.picklist(SECURITY_ACTIVITY_KINDS),
  method: v.nullable(v.picklist(SIGN_IN_METHODS)),
  browser: v.string(),
  system: v.string(),
  at: v.pipe(v.string(), v.isoTimestamp()),
});
export type SecurityActivityEntryWire = v.InferOutput<typeof SecurityActivityEntryWire>;

/** GET /api/me/security-activity: one page, newest first, and whether an older page follows. */
export const SecurityActivityAnswerWire = v.object({
  entries: v.array(SecurityActivityEntryWire),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  hasMore: v.boolean(),
});
export type SecurityActivityAnswerWire = v.InferOutput<typeof SecurityActivityAnswerWire>;

// ---------------------------------------------------------------------------------------------- your data to take away

/**
 * The most rows of each list an export holds (docs/decisions/security.md: Your data to take away): far above what a
 * person has, so the file stays bounded whatever a script did to the account.
 */
export const EXPORT_MAX_ROWS = 1000;

const isoTime = v.pipe(v.string(), v.isoTimestamp());
const textOrNull = v.nullable(v.string());

/**
 * POST /api/me/export, behind a step-up: what the account holds, to take away, as one JSON file. No secret is in it:
 * no password hash, no token or its hash, no TOTP secret, no recovery code, no session id (docs/security.md).
 */
export const AccountExportWire = v.object({
  exportedAt: isoTime,
  profile: v.object({
    email: v.string(),
    screenName: v.string(),
    locale: textOrNull,
    phone: textOrNull,
    position: textOrNull,
    department: textOrNull,
    bio: textOrNull,
    location: v.nullable(v.record(v.string(), v.string())),
    links: v.nullable(v.record(v.string(), v.string())),
    confirmedAt: v.nullable(isoTime),
    createdAt: isoTime,
    twoFactorEnabled: v.boolean(),
    twoFactorSince: v.nullable(isoTime),
  }),
  organisations: v.array(
    v.object({ name: v.string(), subdomain: v.string(), role: v.string(), since: isoTime }),
  ),
  channels: v.array(
    v.object({
      name: v.string(),
      subdomain: v.string(),
      organisation: v.string(),
      role: v.string(),
      since: isoTime,
    }),
  ),
  sessions: v.array(
    v.object({
      browser: v.string(),
      system: v.string(),
      createdAt: isoTime,
      lastSeen: isoTime,
      current: v.boolean(),
    }),
  ),
  passkeys: v.array(v.object({ name: v.string(), createdAt: isoTime, lastUsedAt: v.nullable(isoTime) })),
  rememberedDevices: v.array(
    v.object({ browser: v.string(), system: v.string(), rememberedAt: isoTime, expiresAt: isoTime }),
  ),
  securityActivity: v.array(SecurityActivityEntryWire),
});
export type AccountExportWire = v.InferOutput<typeof AccountExportWire>;

/** The file name the download is saved under. */
export const EXPORT_FILE_NAME = 'account-data.json';

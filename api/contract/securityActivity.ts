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

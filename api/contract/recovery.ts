/**
 * A recovery's answers (docs/decisions/security.md: Recovery review): a password set from a mailed reset link hands its
 * browser a review token; an e-mail undo restores the address, disables the password whoever changed the address
 * may know, and hands a reset token so that the owner sets a new one at once.
 *
 * The review itself: every call carries its token in the JSON body (never in the address: addresses end up in logs
 * and histories), reads and changes alike, and each change answers the review as it now stands.
 */
import * as v from 'valibot';
import { VALIDATION_CODES as C, IsoDateWire, TokenSchema } from './common';

export const RecoveryStartedAnswerWire = v.object({ ok: v.literal(true), reviewToken: v.string() });
export type RecoveryStartedAnswerWire = v.InferOutput<typeof RecoveryStartedAnswerWire>;

export const EmailUndoAnswerWire = v.object({ email: v.string(), resetToken: v.string() });
export type EmailUndoAnswerWire = v.InferOutput<typeof EmailUndoAnswerWire>;

/** What an e-mail link page gets: the address the account now has, and after an undo the reset token to go on with. */
export interface EmailLinkResult {
  email: string;
  resetToken?: string;
}

// ---------------------------------------------------------------------------------------------- the review

/** How long after it was turned on a recovery may take the authenticator app away (docs/decisions/security.md: Recovery review). */
export const AUTHENTICATOR_REMOVABLE_HOURS = 72;

/** Every review call: the token the recovery answered. */
export const RecoveryReviewRequestWire = v.object({ token: TokenSchema });
export type RecoveryReviewRequestWire = v.InferOutput<typeof RecoveryReviewRequestWire>;

/** Keeping or removing one passkey: the token and the passkey's id (nine digits at most, as PasskeyParamsWire). */
export const RecoveryPasskeyRequestWire = v.object({
  token: TokenSchema,
  id: v.pipe(v.number(C.type), v.integer(C.type), v.minValue(1, C.type), v.maxValue(999_999_999, C.type)),
});
export type RecoveryPasskeyRequestWire = v.InferOutput<typeof RecoveryPasskeyRequestWire>;

/** A passkey in the review: when and from which browser it was added, whether the recovery suspended it. */
export const ReviewPasskeyWire = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.string(),
  createdAt: IsoDateWire,
  lastUsedAt: v.nullable(IsoDateWire),
  /** "Chrome 131 (Linux)"; null when the browser was not recorded (passkeys from before it was). */
  addedFrom: v.nullable(v.string()),
  suspended: v.boolean(),
});
export type ReviewPasskeyWire = v.InferOutput<typeof ReviewPasskeyWire>;

export const RecoveryReviewWire = v.object({
  passkeys: v.array(ReviewPasskeyWire),
  /** The authenticator app, null when two-factor is off. */
  authenticator: v.nullable(
    v.object({
      since: v.nullable(IsoDateWire),
      addedFrom: v.nullable(v.string()),
      /** Turned on by a session the recovery ended, within 72 hours of it: the review may remove it. */
      removable: v.boolean(),
    }),
  ),
  /** The recovery codes, null when there are none. */
  recoveryCodes: v.nullable(
    v.object({ remaining: v.pipe(v.number(), v.integer(), v.minValue(0)), createdAt: IsoDateWire }),
  ),
});
export type RecoveryReviewWire = v.InferOutput<typeof RecoveryReviewWire>;

/** The review as machines and views use it (the wire's names are the domain's). */
export type RecoveryReview = RecoveryReviewWire;
export type ReviewPasskey = ReviewPasskeyWire;

/** What the review's calls are made with. */
export interface RecoveryReviewInput {
  token: string;
}
export interface RecoveryPasskeyInput extends RecoveryReviewInput {
  id: number;
}

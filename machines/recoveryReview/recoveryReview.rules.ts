/**
 * The recovery review's rules (docs/decisions/security.md: Recovery review): which change the review offers for what, and
 * what spec 8 does with each refusal.
 */
import type { ApiFailure } from '../../api/contract/errorCodes';
import type { RecoveryReview } from '../../api/contract/recovery';

/** The token is dead (expired, used, unknown): the review is over. */
export const isReviewTokenRefusal = (failure: ApiFailure): boolean =>
  failure.code === 'recovery_review_token_invalid_error';

/** A passkey already gone (removed elsewhere): the review is read again. */
export const isPasskeyGone = (failure: ApiFailure): boolean => failure.code === 'passkey_not_found_error';

const passkeyOf = (review: RecoveryReview | undefined, id: number) =>
  review?.passkeys.find((passkey) => passkey.id === id);

/** A passkey the recovery suspended may be kept. */
export const canKeep = (review: RecoveryReview | undefined, id: number): boolean =>
  passkeyOf(review, id)?.suspended === true;

/** Any passkey the review lists may be removed. */
export const canRemove = (review: RecoveryReview | undefined, id: number): boolean =>
  passkeyOf(review, id) !== undefined;

/** The authenticator app, only when the server says the review may remove it (the 72-hour rule). */
export const canRemoveAuthenticator = (review: RecoveryReview | undefined): boolean =>
  review?.authenticator?.removable === true;

/** The recoveryReview machine's types (context, events, input); its rules are in recoveryReview.rules.ts. */
import type { RecoveryReview } from '../../api/contract/recovery';
import type { Refusal } from '../form/refusal';

export interface RecoveryReviewInput {
  /** The review token the recovery answered (never in an address). */
  token: string;
}

export interface RecoveryReviewContext {
  token: string;
  /** The ways into the account as the server last answered them; undefined until the first answer. */
  review: RecoveryReview | undefined;
  /** The passkey the change in flight is about. */
  passkeyId: number | undefined;
  /** The last refusal (spec 8), said above the Done button; undefined while none is shown. */
  error: Refusal | undefined;
  /** The token was refused (its half hour ran out, or it was used elsewhere): the review ended without 'Done'. */
  expired: boolean;
}

export interface RecoveryReviewOutput {
  expired: boolean;
}

export type RecoveryReviewEvent =
  | { type: 'passkey.keep'; id: number }
  | { type: 'passkey.remove'; id: number }
  | { type: 'authenticator.remove' }
  | { type: 'review.finish' }
  | { type: 'retry' };

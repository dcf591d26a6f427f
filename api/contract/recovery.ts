/**
 * A recovery's answers (docs/decisions.md: Recovery review): a password set from a mailed reset link hands its
 * browser a review token; an e-mail undo restores the address, disables the password whoever changed the address
 * may know, and hands a reset token so that the owner sets a new one at once.
 */
import * as v from 'valibot';

export const RecoveryStartedAnswerWire = v.object({ ok: v.literal(true), reviewToken: v.string() });
export type RecoveryStartedAnswerWire = v.InferOutput<typeof RecoveryStartedAnswerWire>;

export const EmailUndoAnswerWire = v.object({ email: v.string(), resetToken: v.string() });
export type EmailUndoAnswerWire = v.InferOutput<typeof EmailUndoAnswerWire>;

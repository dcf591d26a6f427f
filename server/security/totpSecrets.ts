/**
 * TOTP secrets at rest (docs/security.md: Nothing usable at rest): sealed (sealing.ts) and bound to their row and
 * column, so a database copy gives no second factor and a sealed secret copied to another user or invitation
 * does not open. Every reader and writer of users.totp_secret, users.totp_pending_secret and
 * invitations.totp_pending_secret goes through these two functions.
 */
import { openOrNull, seal } from './sealing';
import type { KeyRing } from './serverKey';

export type TotpColumn =
  | 'users.totp_secret'
  | 'users.totp_pending_secret'
  | 'invitations.totp_pending_secret';

/** The associated data of a sealed secret: its column and the id of its row. */
export const totpContext = (column: TotpColumn, rowId: number): string => `totp:${column}:${rowId}`;

export const sealTotpSecret = (ring: KeyRing, column: TotpColumn, rowId: number, secret: string): string =>
  seal(ring, secret, totpContext(column, rowId));

/**
 * The base32 secret of a stored value, or null when there is none or it does not open here (copied from another
 * row, tampered, or sealed under a key no longer configured): callers treat it as no secret, so a code fails.
 */
export const openTotpSecret = (
  ring: KeyRing,
  column: TotpColumn,
  rowId: number,
  stored: string | null,
): string | null => (stored ? openOrNull(ring, stored, totpContext(column, rowId)) : null);

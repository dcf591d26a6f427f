/**
 * Two-factor state of a user: the pending secret handed out for setup, code checks with replay protection, and
 * turning two-factor on (which also issues the recovery codes).
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from '../deps';
import { regenerateRecoveryCodes } from './recoveryCodes';
import { checkTotp, newTotpSecret, setupPayload, type TotpCheck } from './totp';

export interface TwoFactorSetupPayload {
  secret: string;
  otpURL: string;
  dataURL: string;
}

/**
 * The user's pending secret: a fresh one when `fresh` (GET /api/me/2fa makes a new temporary secret each time),
 * else the one already handed out, so a login that keeps failing shows the same QR code (spec 4: payload kept).
 */
export const pendingSecret = async (db: Database, user: UserRow, fresh: boolean): Promise<string> => {
  if (!fresh && user.totpPendingSecret) return user.totpPendingSecret;
  const secret = newTotpSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  return secret;
};

export const setupPayloadFor = (
  user: UserRow,
  secret: string,
  issuer: string,
): Promise<TwoFactorSetupPayload> => setupPayload(secret, issuer, user.email);

/**
 * Checks a code against the user's active secret and, when it matches, records its step in one conditional
 * UPDATE: a code (or an older one) that was already accepted fails, even when two requests race.
 */
export const verifyTotpOnce = async (
  db: Database,
  user: UserRow,
  code: string,
  now: Date,
): Promise<TotpCheck> => {
  if (!user.totpSecret) return { ok: false };
  const check = checkTotp(user.totpSecret, code, now);
  if (!check.ok) return check;
  const [recorded] = await db
    .update(users)
    .set({ lastTotpStep: check.step })
    .where(and(eq(users.id, user.id), or(isNull(users.lastTotpStep), lt(users.lastTotpStep, check.step))))
    .returning({ id: users.id });
  return recorded ? check : { ok: false };
};

export type SetupResult = { ok: true; recoveryCodes: string[] } | { ok: false; driftMinutes?: number };

/**
 * Completes a setup: the code must match the pending secret; then that secret becomes the active one, two-factor
 * is on and fresh recovery codes are answered. The UPDATE only matches while the same secret is still pending, so
 * one pending secret completes one setup.
 */
export const completeSetup = async (
  db: Database,
  user: UserRow,
  code: string,
  now: Date,
): Promise<SetupResult | null> => {
  const secret = user.totpPendingSecret;
  if (!secret) return null;
  const check = checkTotp(secret, code, now);
  if (!check.ok) return check;
  const [done] = await db
    .update(users)
    .set({ totpSecret: secret, totpPendingSecret: null, twoFactorEnabled: true, lastTotpStep: check.step })
    .where(and(eq(users.id, user.id), eq(users.totpPendingSecret, secret)))
    .returning({ id: users.id });
  if (!done) return { ok: false };
  return { ok: true, recoveryCodes: await regenerateRecoveryCodes(db, user.id, now) };
};

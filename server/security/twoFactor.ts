/**
 * Two-factor state of a user: the pending secret handed out for setup, code checks with replay protection, and
 * turning two-factor on (which also issues the recovery codes). Secrets are stored sealed (totpSecrets.ts) and
 * opened here only for the moment a code is checked or a setup payload is drawn.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from '../deps';
import { regenerateRecoveryCodes } from './recoveryCodes';
import type { KeyRing } from './serverKey';
import { checkTotp, newTotpSecret, setupPayload, type TotpCheck } from './totp';
import { openTotpSecret, sealTotpSecret } from './totpSecrets';

export interface TwoFactorSetupPayload {
  secret: string;
  otpURL: string;
  dataURL: string;
}

/** A pending secret in clear (for the payload and the code check) and as stored (sealed). */
export interface PendingSecret {
  secret: string;
  stored: string;
}

/**
 * The user's pending secret: a fresh one when `fresh`, else the one already handed out, so a login that keeps
 * failing shows the same QR code (spec 4: payload kept). A stored one that does not open here is replaced.
 */
export const pendingSecret = async (
  db: Database,
  keys: KeyRing,
  user: Pick<UserRow, 'id' | 'totpPendingSecret'>,
  fresh: boolean,
): Promise<PendingSecret> => {
  const kept = fresh
    ? null
    : openTotpSecret(keys, 'users.totp_pending_secret', user.id, user.totpPendingSecret);
  if (kept && user.totpPendingSecret) return { secret: kept, stored: user.totpPendingSecret };
  const secret = newTotpSecret();
  const stored = sealTotpSecret(keys, 'users.totp_pending_secret', user.id, secret);
  await db.update(users).set({ totpPendingSecret: stored }).where(eq(users.id, user.id));
  return { secret, stored };
};

export const setupPayloadFor = (
  user: Pick<UserRow, 'email'>,
  secret: string,
  issuer: string,
): Promise<TwoFactorSetupPayload> => setupPayload(secret, issuer, user.email);

/**
 * Checks a code against the user's active secret and, when it matches, records its step in one conditional
 * UPDATE: a code (or an older one) that was already accepted fails, even when two requests race.
 */
export const verifyTotpOnce = async (
  db: Database,
  keys: KeyRing,
  user: Pick<UserRow, 'id' | 'totpSecret'>,
  code: string,
  now: Date,
): Promise<TotpCheck> => {
  const secret = openTotpSecret(keys, 'users.totp_secret', user.id, user.totpSecret);
  if (!secret) return { ok: false };
  const check = checkTotp(secret, code, now);
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
 * Who set two-factor up, kept with it for the recovery review (docs/decisions/security.md: A notice for every way in): the
 * session that did it (sha-256 of its id; null where none had begun yet, as at a login's setup) and the browser
 * (User-Agent, bounded as server/sessions.ts userAgentOf bounds it).
 */
export interface SetupOrigin {
  session: string | null;
  userAgent: string | null;
}

/**
 * Completes a setup: the code must match the pending secret (`pending` when the caller has just drawn it, else
 * the user's stored one); then that secret becomes the active one, sealed for its new column, two-factor is on and
 * fresh recovery codes are answered; when and by whom (`origin`) is recorded in the same UPDATE. The UPDATE only
 * matches while the same secret is still pending, so one pending secret completes one setup. Null when there is no
 * pending secret that opens here.
 */
export const completeSetup = async (
  db: Database,
  keys: KeyRing,
  user: Pick<UserRow, 'id' | 'totpPendingSecret'>,
  code: string,
  now: Date,
  origin: SetupOrigin,
  pending?: PendingSecret,
): Promise<SetupResult | null> => {
  const stored = pending?.stored ?? user.totpPendingSecret;
  const secret = pending?.secret ?? openTotpSecret(keys, 'users.totp_pending_secret', user.id, stored);
  if (!stored || !secret) return null;
  const check = checkTotp(secret, code, now);
  if (!check.ok) return check;
  const [done] = await db
    .update(users)
    .set({
      totpSecret: sealTotpSecret(keys, 'users.totp_secret', user.id, secret),
      totpPendingSecret: null,
      twoFactorEnabled: true,
      lastTotpStep: check.step,
      twoFactorSince: now,
      twoFactorSession: origin.session,
      twoFactorUserAgent: origin.userAgent,
    })
    .where(and(eq(users.id, user.id), eq(users.totpPendingSecret, stored)))
    .returning({ id: users.id });
  if (!done) return { ok: false };
  return { ok: true, recoveryCodes: await regenerateRecoveryCodes(db, keys, user.id, now) };
};

/**
 * Remember this device (docs/decisions/security.md: Remember this device): after a login that passed the one-time code
 * or a recovery code with the box ticked, the browser holds a random 32-byte token in an httpOnly cookie and the
 * database its sha-256 only, bound to the account and its credential epoch. A later password login of the same
 * account on that browser skips the code while the row lives, the epoch is unchanged and no organisation of the
 * account forbids it. A password change, a recovery and 'sign out everywhere' move the epoch (and delete the rows);
 * 'Forget this device' deletes the row at once. The token never reaches a log.
 */

import { and, eq, exists, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/client';
import { channels, memberships, organisations, rememberedDevices } from '../db/schema';
import type { AppDeps } from '../deps';
import { userAgentOf } from '../sessions';
import { randomToken, safeEqual, sha256Hex } from './crypto';

/** The cookie's name: __Host- on https (no Domain, path /, Secure), as the session's. */
export const deviceCookieName = (secure: boolean): string => (secure ? '__Host-device' : 'device');

/**
 * True when an organisation of the user enforces two-factor and forbids remembered devices: the box is ignored and
 * every remembered device of the user refused.
 */
export const rememberingForbidden = async (db: Database, userId: number): Promise<boolean> => {
  const [found] = await db
    .select({ one: sql<number>`1` })
    .from(sql`(select 1) as one`)
    .where(
      exists(
        db
          .select({ id: organisations.id })
          .from(memberships)
          .leftJoin(channels, eq(channels.id, memberships.channelId))
          .innerJoin(
            organisations,
            eq(organisations.id, sql`coalesce(${memberships.organisationId}, ${channels.organisationId})`),
          )
          .where(
            and(
              eq(memberships.userId, userId),
              eq(organisations.enforcesTwoFactor, true),
              eq(organisations.allowsRememberedDevices, false),
            ),
          ),
      ),
    );
  return found !== undefined;
};

/**
 * Whether this request's device cookie remembers `user` at its current credential epoch: the row is found by the
 * token's hash, then its account, epoch and expiry must all match. Another account's cookie, a forgotten device, an
 * expired one or one from before a password change answer false.
 */
export const deviceRemembered = async (
  c: Context,
  deps: AppDeps,
  user: { id: number; credentialEpoch: number },
): Promise<boolean> => {
  const raw = getCookie(c, deviceCookieName(deps.config.secureCookies));
  if (!raw || raw.length > 128) return false;
  const tokenHash = sha256Hex(raw);
  const [row] = await deps.db
    .select()
    .from(rememberedDevices)
    .where(
      and(eq(rememberedDevices.tokenHash, tokenHash), gt(rememberedDevices.expiresAt, deps.clock.now())),
    );
  if (!row) return false;
  // The hash again in constant time (the lookup is by an index), then the binding to the account and its epoch.
  if (!safeEqual(row.tokenHash, tokenHash)) return false;
  if (row.userId !== user.id || row.credentialEpoch !== user.credentialEpoch) return false;
  return !(await rememberingForbidden(deps.db, user.id));
};

/** Remembers this browser for `user` at its epoch: a new row and the cookie (config.rememberedDeviceTtlMs). */
export const rememberDevice = async (
  c: Context,
  deps: AppDeps,
  user: { id: number; credentialEpoch: number },
): Promise<void> => {
  const { config } = deps;
  const raw = randomToken();
  const expiresAt = new Date(deps.clock.now().getTime() + config.rememberedDeviceTtlMs);
  // The cookie this browser held before is replaced: its row goes when it was this account's (a cookie copied from
  // another account's browser cannot make that account forget its device).
  const previous = getCookie(c, deviceCookieName(config.secureCookies));
  if (previous && previous.length <= 128)
    await deps.db
      .delete(rememberedDevices)
      .where(
        and(eq(rememberedDevices.tokenHash, sha256Hex(previous)), eq(rememberedDevices.userId, user.id)),
      );
  await deps.db.insert(rememberedDevices).values({
    tokenHash: sha256Hex(raw),
    userId: user.id,
    credentialEpoch: user.credentialEpoch,
    expiresAt,
    userAgent: userAgentOf(c),
  });
  setCookie(c, deviceCookieName(config.secureCookies), raw, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: Math.floor(config.rememberedDeviceTtlMs / 1000),
  });
};

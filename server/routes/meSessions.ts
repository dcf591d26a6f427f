/**
 * Sessions and devices (docs/decisions/security.md: Sessions and devices): GET /api/me/sessions lists the user's live
 * sessions, DELETE /api/me/sessions/{id} ends one, DELETE /api/me/sessions ends all but this one. A session is
 * shown by a reference derived from its stored hash, never by its id (docs/security.md): the reference cannot be
 * turned back into a cookie, and it names the session only to its own user.
 */

import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { OK_ANSWER } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import {
  type EndedSessionsAnswerWire,
  RememberedDeviceParamsWire,
  type RememberedDevicesAnswerWire,
  SessionParamsWire,
  type SessionsAnswerWire,
} from '../../api/contract/security';
import { rememberedDevices, sessions } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { rateLimit } from '../rateLimit';
import { sha256Hex } from '../security/crypto';
import { deviceCookieName } from '../security/rememberedDevices';
import { recordSecurityChange } from '../security/securityActivity';
import { requireStepUp } from '../security/stepUp';
import { authenticated, endOtherSessions, endSessionByHash, sessionCookieName } from '../sessions';
import { describeUserAgent } from '../userAgent';

/** The list's reference of a remembered device: a digest of the stored hash (itself a digest of the cookie). */
const deviceRef = (tokenHash: string): string => sha256Hex(`device-ref:${tokenHash}`).slice(0, 32);

/** The list's reference of a session: a digest of the stored hash (itself a digest of the cookie). */
export const sessionRef = (idHash: string): string => sha256Hex(`session-ref:${idHash}`).slice(0, 32);

export const meSessionsRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const limited = rateLimit(deps.rateLimiter, 'accountSecurity', config.trustProxy);
  const signedIn = authenticated(deps);

  const liveSessionsOf = (userId: number) =>
    db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          gt(sessions.expiresAt, sql`${clock.now().toISOString()}::timestamptz`),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));

  const liveDevicesOf = (user: { id: number; credentialEpoch: number }) =>
    db
      .select()
      .from(rememberedDevices)
      .where(
        and(
          eq(rememberedDevices.userId, user.id),
          eq(rememberedDevices.credentialEpoch, user.credentialEpoch),
          gt(rememberedDevices.expiresAt, sql`${clock.now().toISOString()}::timestamptz`),
        ),
      )
      .orderBy(desc(rememberedDevices.createdAt));

  return (
    new Hono<AppEnv>()
      .get(API_PATHS.getSessions.path, limited, signedIn, async (c) => {
        const rows = await liveSessionsOf(c.var.user.id);
        const answer: SessionsAnswerWire = {
          sessions: rows.map((row) => ({
            id: sessionRef(row.idHash),
            ...describeUserAgent(row.userAgent),
            firstSeen: row.createdAt.toISOString(),
            lastSeen: (row.lastSeenAt ?? row.createdAt).toISOString(),
            current: row.idHash === c.var.sessionIdHash,
          })),
        };
        return c.json(answer);
      })

      .delete(API_PATHS.endSession.path, limited, signedIn, async (c) => {
        const parsed = v.safeParse(SessionParamsWire, c.req.param());
        if (!parsed.success) throw fail('session_not_found_error');
        const rows = await liveSessionsOf(c.var.user.id);
        const found = rows.find((row) => sessionRef(row.idHash) === parsed.output.id);
        if (!found) throw fail('session_not_found_error');
        // Ending another session could put the owner out (docs/security.md: Every change and the proof it needs);
        // ending this one is signing out, which never asks for a proof.
        if (found.idHash !== c.var.sessionIdHash) await requireStepUp(deps, c.var.sessionIdHash);
        await endSessionByHash(deps, found.idHash);
        // Ending this very session is signing out: the cookie goes too.
        if (found.idHash === c.var.sessionIdHash) {
          deleteCookie(c, sessionCookieName(config.secureCookies), {
            path: '/',
            secure: config.secureCookies,
          });
        }
        return c.json(OK_ANSWER);
      })

      /**
       * Remembered devices (docs/decisions/security.md: Remember this device): the live ones of the account at its
       * current credential epoch, each by a reference derived from its stored hash; forgetting one deletes its row at
       * once. Forgetting takes nothing but the skip of a code away, so it needs no step-up, as signing out.
       */
      .get(API_PATHS.getRememberedDevices.path, limited, signedIn, async (c) => {
        const rows = await liveDevicesOf(c.var.user);
        const raw = getCookie(c, deviceCookieName(config.secureCookies));
        const currentHash = raw ? sha256Hex(raw) : null;
        const answer: RememberedDevicesAnswerWire = {
          devices: rows.map((row) => ({
            id: deviceRef(row.tokenHash),
            ...describeUserAgent(row.userAgent),
            rememberedAt: row.createdAt.toISOString(),
            expiresAt: row.expiresAt.toISOString(),
            current: row.tokenHash === currentHash,
          })),
        };
        return c.json(answer);
      })

      .delete(API_PATHS.forgetRememberedDevice.path, limited, signedIn, async (c) => {
        const parsed = v.safeParse(RememberedDeviceParamsWire, c.req.param());
        if (!parsed.success) throw fail('remembered_device_not_found_error');
        const rows = await liveDevicesOf(c.var.user);
        const found = rows.find((row) => deviceRef(row.tokenHash) === parsed.output.id);
        if (!found) throw fail('remembered_device_not_found_error');
        await db
          .delete(rememberedDevices)
          .where(
            and(
              eq(rememberedDevices.tokenHash, found.tokenHash),
              eq(rememberedDevices.userId, c.var.user.id),
            ),
          );
        return c.json(OK_ANSWER);
      })

      .delete(API_PATHS.endOtherSessions.path, limited, signedIn, async (c) => {
        await requireStepUp(deps, c.var.sessionIdHash);
        const ended = await endOtherSessions(deps, c.var.user.id, c.var.sessionIdHash);
        await recordSecurityChange(db, c, c.var.user.id, 'signed_out_everywhere', clock.now());
        const answer: EndedSessionsAnswerWire = { ended };
        return c.json(answer);
      })
  );
};

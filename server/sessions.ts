/**
 * Sessions (issue 3 item 2): an opaque 32-byte id in an httpOnly, SameSite=Lax cookie (Secure in production),
 * stored as sha-256, rotated at login, expiring server-side after SESSION_TTL_MS.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessions, users } from './db/schema';
import type { AppDeps, AppEnv, UserRow } from './deps';
import { fail } from './http/problem';
import { randomToken, sha256Hex } from './security/crypto';

/** `__Host-` binds the cookie to this exact host over HTTPS (no Domain, Path=/); plain name over http in dev. */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-session' : 'session');

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Starts a session for the user, ending the one the request came with (rotation: no session fixation). */
export const startSession = async (c: Context, deps: AppDeps, userId: number): Promise<void> => {
  const { db, clock, config } = deps;
  const now = clock.now();
  // Rotation: the session the request came with ends; its cookie is simply overwritten below.
  const previous = getCookie(c, sessionCookieName(config.secureCookies));
  if (previous) await db.delete(sessions).where(eq(sessions.idHash, sha256Hex(previous)));
  // Expired sessions of this user are dead weight; drop them while we are here.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, at(now))));
  const raw = randomToken();
  await db.insert(sessions).values({
    idHash: sha256Hex(raw),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + config.sessionTtlMs),
  });
  setCookie(c, sessionCookieName(config.secureCookies), raw, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  });
};

/** Ends the request's session, if any, and clears the cookie. */
export const endSession = async (c: Context, deps: AppDeps): Promise<void> => {
  const name = sessionCookieName(deps.config.secureCookies);
  const raw = getCookie(c, name);
  if (!raw) return;
  await deps.db.delete(sessions).where(eq(sessions.idHash, sha256Hex(raw)));
  deleteCookie(c, name, { path: '/', secure: deps.config.secureCookies });
};

/** Ends every session of a user (after a password reset). */
export const endAllSessions = async (deps: AppDeps, userId: number): Promise<void> => {
  await deps.db.delete(sessions).where(eq(sessions.userId, userId));
};

/** The signed-in user of a request, or null (no cookie, unknown or expired session). */
export const sessionUser = async (
  c: Context,
  deps: AppDeps,
): Promise<{ user: UserRow; idHash: string } | null> => {
  const raw = getCookie(c, sessionCookieName(deps.config.secureCookies));
  if (!raw) return null;
  const idHash = sha256Hex(raw);
  const [row] = await deps.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, at(deps.clock.now()))))
    .limit(1);
  return row ? { user: row.user, idHash } : null;
};

/**
 * Middleware for calls that need a signed-in user: sets `c.var.user`, or answers 401 {code:
 * 'unknown_credential_error'} (spec 7: for GET /api/me any failure means not logged in).
 */
export const authenticated =
  (deps: AppDeps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const found = await sessionUser(c, deps);
    if (!found) throw fail('unknown_credential_error', { message: 'not logged in' });
    c.set('user', found.user);
    c.set('sessionIdHash', found.idHash);
    await next();
  };

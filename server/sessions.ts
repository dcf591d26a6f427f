/**
 * Sessions (docs/decisions/security.md: Sessions): an opaque 32-byte id in an httpOnly, SameSite=Lax cookie (Secure in production),
 * stored as sha-256, rotated at login, expiring server-side after SESSION_TTL_MS.
 */
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { API_PATHS } from '../api/contract/paths';
import type { SignInMethod } from '../api/contract/securityActivity';
import type { Database } from './db/client';
import { preparedOnce } from './db/prepared';
import { rememberedDevices, securityActivity, sessions, users } from './db/schema';
import type { AppDeps, AppEnv, UserRow } from './deps';
import { fail } from './http/problem';
import { randomToken, sha256Hex } from './security/crypto';
import {
  cachedSessionRead,
  forgetSessionRead,
  forgetUserReads,
  keepSessionRead,
  keepsSessionReads,
} from './sessionReads';

/** `__Host-` binds the cookie to this exact host over HTTPS (no Domain, Path=/); plain name over http in dev. */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-session' : 'session');

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The User-Agent kept with a session: enough for the sessions list, never a whole header's worth. */
const USER_AGENT_MAX = 512;
export const userAgentOf = (c: Context): string | null =>
  c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null;

/** Last seen is written at most this often per session, so a busy session does not write on every call. */
export const LAST_SEEN_STEP_MS = 5 * 60_000;

export interface StartSessionOptions {
  /** The request proved the password or a code: the new session starts stepped up (docs/decisions/security.md: Step-up). */
  steppedUp?: boolean;
  /**
   * The credential epoch the request's proof was checked against (the user row it read): the session starts only
   * if it is still the account's (docs/decisions/security.md: Credential epoch).
   */
  epoch?: number;
  /**
   * How the sign-in proved itself: the same statement records it in the account's security activity
   * (docs/decisions/security.md: Security activity). None for a session that is no sign-in (a password change's rotation).
   */
  signIn?: SignInMethod;
}

/**
 * What starting a session writes, as data-modifying CTEs built with placeholders (sessionStart gives their values),
 * so a caller may send them inside a statement of its own (the login: server/security/loginFinish.ts): the session
 * the request came with ends (rotation: no session fixation; its cookie is simply overwritten), expired sessions of
 * this user go (dead weight, dropped while we are here), and the new session is stored by its hash.
 */
export const sessionStartStatements = (db: Database) => {
  const now = sql`${sql.placeholder('sessionNow')}::timestamptz`;
  const ended = db.$with('ended').as(
    db
      .delete(sessions)
      .where(
        or(
          // No session came with the request: null matches no row.
          sql`${sessions.idHash} = ${sql.placeholder('previousHash')}::text`,
          and(eq(sessions.userId, sql.placeholder('sessionUserId')), lt(sessions.expiresAt, now)),
        ),
      )
      .returning({ idHash: sessions.idHash }),
  );
  // The new session is stored only while the account's credential epoch is the one the login verified against
  // (docs/decisions/security.md: Credential epoch): a login that checked the old password while a change committed starts
  // nothing. No epoch given (a sign-in that proved no password): the account's current one. Columns in the table's
  // order, as an INSERT ... SELECT of Drizzle takes them.
  const epoch = sql`${sql.placeholder('sessionEpoch')}::integer`;
  const started = db.$with('started').as(
    db
      .insert(sessions)
      .select(
        sql`select ${sql.placeholder('sessionHash')}::text, ${users.id}, ${now},
          ${sql.placeholder('sessionExpiresAt')}::timestamptz, ${sql.placeholder('sessionUserAgent')}::text, ${now},
          ${sql.placeholder('sessionSteppedUpAt')}::timestamptz, ${users.credentialEpoch}
        from ${users}
        where ${users.id} = ${sql.placeholder('sessionUserId')}::integer
          and ${users.credentialEpoch} = coalesce(${epoch}, ${users.credentialEpoch})`,
      )
      .returning({ idHash: sessions.idHash }),
  );
  // The sign-in in the account's security activity, only when the session started and a method was given.
  const method = sql`${sql.placeholder('signInMethod')}::text`;
  const recorded = db.$with('recorded', { id: sql<number>`id` }).as(
    sql`insert into ${securityActivity} (user_id, kind, method, user_agent, at)
      select ${sql.placeholder('sessionUserId')}::integer, 'sign_in', ${method},
        ${sql.placeholder('sessionUserAgent')}::text, ${now}
      where ${method} is not null and exists (select 1 from ${started})
      returning id`,
  );
  return [ended, started, recorded] as const;
};

/** A session about to start: the values of sessionStartStatements, and `done` to call once they ran. */
export interface SessionStart {
  values: Record<string, unknown>;
  /** Forgets the ended session's cached read and sets the new cookie. */
  done: () => void;
}

export const sessionStart = (
  c: Context,
  deps: AppDeps,
  userId: number,
  { steppedUp = false, epoch, signIn }: StartSessionOptions = {},
): SessionStart => {
  const { clock, config } = deps;
  const now = clock.now();
  const previous = getCookie(c, sessionCookieName(config.secureCookies));
  const previousHash = previous ? sha256Hex(previous) : null;
  const raw = randomToken();
  const nowText = now.toISOString();
  return {
    values: {
      sessionNow: nowText,
      previousHash,
      sessionUserId: userId,
      sessionHash: sha256Hex(raw),
      sessionExpiresAt: new Date(now.getTime() + config.sessionTtlMs).toISOString(),
      sessionUserAgent: userAgentOf(c),
      sessionSteppedUpAt: steppedUp ? nowText : null,
      sessionEpoch: epoch ?? null,
      signInMethod: signIn ?? null,
    },
    done: () => {
      if (previousHash) forgetSessionRead(deps, previousHash);
      setCookie(c, sessionCookieName(config.secureCookies), raw, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: config.secureCookies,
        path: '/',
        maxAge: Math.floor(config.sessionTtlMs / 1000),
      });
    },
  };
};

/**
 * Starts a session for the user, ending the one the request came with, in ONE prepared statement. Answers false,
 * and sets no cookie, when the account's credential epoch moved past `options.epoch` meanwhile: the caller then
 * refuses the sign-in as it would a wrong password. `db`: a transaction to start it in (a password change).
 */
export const startSession = async (
  c: Context,
  deps: AppDeps,
  userId: number,
  options: StartSessionOptions = {},
  db: Database = deps.db,
): Promise<boolean> => {
  const start = sessionStart(c, deps, userId, options);
  const rows = await preparedOnce(db, 'start_session', prepareStartSession).execute(start.values);
  if (rows.length === 0) return false;
  start.done();
  return true;
};

const prepareStartSession = (db: Database) => {
  const [ended, started, recorded] = sessionStartStatements(db);
  return db
    .with(ended, started, recorded)
    .select({ idHash: started.idHash })
    .from(started)
    .prepare('start_session');
};

/** Ends the request's session, if any, and clears the cookie. */
export const endSession = async (c: Context, deps: AppDeps): Promise<void> => {
  const name = sessionCookieName(deps.config.secureCookies);
  const raw = getCookie(c, name);
  if (!raw) return;
  forgetSessionRead(deps, sha256Hex(raw));
  await deps.db.delete(sessions).where(eq(sessions.idHash, sha256Hex(raw)));
  deleteCookie(c, name, { path: '/', secure: deps.config.secureCookies });
};

/** Ends one session by its hash (the sessions list); its cached read goes with it. */
export const endSessionByHash = async (deps: AppDeps, idHash: string): Promise<void> => {
  forgetSessionRead(deps, idHash);
  await deps.db.delete(sessions).where(eq(sessions.idHash, idHash));
};

/** Ends every session of a user but one ("sign out everywhere else"); answers how many ended. */
export const endOtherSessions = async (
  deps: AppDeps,
  userId: number,
  keepIdHash: string,
): Promise<number> => {
  forgetUserReads(deps, userId);
  // 'Sign out everywhere' ends the remembered devices too (docs/decisions/security.md: Remember this device).
  await deps.db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId));
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
    .returning({ idHash: sessions.idHash });
  return ended.length;
};

/**
 * The signed-in user of a request, or null (no cookie, unknown or expired session). With `fromMemory`, a read of
 * this session made a moment ago is reused (server/sessionReads.ts).
 */
export const sessionUser = async (
  c: Context,
  deps: AppDeps,
  { fromMemory = false }: { fromMemory?: boolean } = {},
): Promise<{ user: UserRow; idHash: string } | null> => {
  const raw = getCookie(c, sessionCookieName(deps.config.secureCookies));
  if (!raw) return null;
  const idHash = sha256Hex(raw);
  // Where other processes may share the sessions (Postgres), no read is kept, so a session ended in one process is
  // refused by all of them at their next call (docs/security.md: Sessions and devices; server/sessionReads.ts).
  const cacheable = fromMemory && keepsSessionReads(deps.config);
  const remembered = cacheable ? cachedSessionRead(deps, idHash) : undefined;
  if (remembered) return { user: remembered, idHash };
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.expiresAt, at(now)),
        // A session made under an earlier credential is dead (docs/decisions/security.md: Credential epoch).
        eq(sessions.credentialEpoch, users.credentialEpoch),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  if (cacheable) keepSessionRead(deps, idHash, row.user, row.expiresAt);
  return { user: row.user, idHash };
};

/**
 * Middleware for calls that need a signed-in user: sets `c.var.user`, or answers 401 {code:
 * 'unknown_credential_error'} (spec 7: for GET /api/me any failure means not logged in). GET /api/me may be
 * answered from a moment-old read; every other call reads afresh and then drops the user's remembered reads,
 * since it may have changed them.
 */
export const authenticated =
  (deps: AppDeps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const isProfileRead = c.req.method === 'GET' && c.req.path === API_PATHS.getMe.path;
    const found = await sessionUser(c, deps, { fromMemory: isProfileRead });
    if (!found) throw fail('unknown_credential_error', { message: 'not logged in' });
    c.set('user', found.user);
    c.set('sessionIdHash', found.idHash);
    try {
      await next();
    } finally {
      if (!isProfileRead) forgetUserReads(deps, found.user.id);
    }
  };

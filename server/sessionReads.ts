/**
 * GET /api/me is the call every page of the platform makes to learn who is signed in; on the embedded database a
 * session read costs ~0.6 ms of the one thread, which capped it at a tenth of the anonymous throughput. A signed-in
 * read of GET /api/me is therefore kept in memory for a moment (SESSION_READ_MS), per session:
 * - every other call of a signed-in user may change them (profile, two-factor, logout): it drops their reads;
 * - ending a session or all of a user's sessions, and confirming an e-mail, drop them too;
 * - an entry never outlives its session's own expiry.
 * Other processes would not see these drops, so reads are kept only on the embedded database (keepsSessionReads),
 * which one process owns: on Postgres other processes may share the sessions (WORKERS > 1, or other instances with
 * WORKERS=1 each), and a revoked session is refused by every one of them at its next call (docs/decisions/security.md:
 * Session reads; docs/security.md: Sessions).
 */
import type { ServerConfig } from './config';
import type { AppDeps, UserRow } from './deps';

/**
 * Whether this process may keep session reads: only on PGlite, whose database no other process can open. On
 * Postgres another process (a worker, or another instance behind the same load balancer) may end a session, and a
 * read kept here would outlive that revocation by up to SESSION_READ_MS.
 */
export const keepsSessionReads = (config: Pick<ServerConfig, 'databaseUrl' | 'workers'>): boolean =>
  !config.databaseUrl && config.workers <= 1;

export const SESSION_READ_MS = 1000;
/** A bound on memory: past it the cache starts again empty (a moment of misses, never a wrong answer). */
const MAX_ENTRIES = 10_000;

interface Read {
  user: UserRow;
  until: number;
}

/**
 * The reads by session, and the sessions read by user: dropping a user's reads (after every other call of theirs)
 * touches only their own sessions, never the whole cache.
 */
interface Cache {
  reads: Map<string, Read>;
  byUser: Map<number, Set<string>>;
}

/** One cache per database (so each test app, with its own database, has its own). */
const caches = new WeakMap<object, Cache>();
const cacheOf = (deps: AppDeps): Cache => {
  let cache = caches.get(deps.db);
  if (!cache) {
    cache = { reads: new Map(), byUser: new Map() };
    caches.set(deps.db, cache);
  }
  return cache;
};

const drop = (cache: Cache, idHash: string): void => {
  const read = cache.reads.get(idHash);
  if (!read) return;
  cache.reads.delete(idHash);
  const sessions = cache.byUser.get(read.user.id);
  sessions?.delete(idHash);
  if (sessions?.size === 0) cache.byUser.delete(read.user.id);
};

export const cachedSessionRead = (deps: AppDeps, idHash: string): UserRow | undefined => {
  const cache = cacheOf(deps);
  const read = cache.reads.get(idHash);
  if (!read) return undefined;
  if (read.until > deps.clock.now().getTime()) return read.user;
  drop(cache, idHash);
  return undefined;
};

export const keepSessionRead = (
  deps: AppDeps,
  idHash: string,
  user: UserRow,
  sessionExpiresAt: Date,
): void => {
  const cache = cacheOf(deps);
  if (cache.reads.size >= MAX_ENTRIES) {
    cache.reads.clear();
    cache.byUser.clear();
  }
  drop(cache, idHash);
  const until = Math.min(deps.clock.now().getTime() + SESSION_READ_MS, sessionExpiresAt.getTime());
  cache.reads.set(idHash, { user, until });
  const sessions = cache.byUser.get(user.id) ?? new Set<string>();
  sessions.add(idHash);
  cache.byUser.set(user.id, sessions);
};

export const forgetSessionRead = (deps: AppDeps, idHash: string): void => {
  drop(cacheOf(deps), idHash);
};

export const forgetUserReads = (deps: AppDeps, userId: number): void => {
  const cache = cacheOf(deps);
  for (const idHash of cache.byUser.get(userId) ?? []) cache.reads.delete(idHash);
  cache.byUser.delete(userId);
};

/**
 * GET /api/me is the call every page of the platform makes to learn who is signed in; on the embedded database a
 * session read costs ~0.6 ms of the one thread, which capped it at a tenth of the anonymous throughput. A signed-in
 * read of GET /api/me is therefore kept in memory for a moment (SESSION_READ_MS), per session:
 * - every other call of a signed-in user may change them (profile, two-factor, logout): it drops their reads;
 * - ending a session or all of a user's sessions, and confirming an e-mail, drop them too;
 * - an entry never outlives its session's own expiry.
 * Other processes (WORKERS) do not see these drops: there a read can be up to SESSION_READ_MS old
 * (docs/decisions.md: session reads).
 */
import type { AppDeps, UserRow } from './deps';

export const SESSION_READ_MS = 1000;
/** A bound on memory: past it the cache starts again empty (a moment of misses, never a wrong answer). */
const MAX_ENTRIES = 10_000;

interface Read {
  user: UserRow;
  until: number;
}

/** One cache per database (so each test app, with its own database, has its own). */
const caches = new WeakMap<object, Map<string, Read>>();
const cacheOf = (deps: AppDeps): Map<string, Read> => {
  let cache = caches.get(deps.db);
  if (!cache) {
    cache = new Map();
    caches.set(deps.db, cache);
  }
  return cache;
};

export const cachedSessionRead = (deps: AppDeps, idHash: string): UserRow | undefined => {
  const cache = cacheOf(deps);
  const read = cache.get(idHash);
  if (!read) return undefined;
  if (read.until > deps.clock.now().getTime()) return read.user;
  cache.delete(idHash);
  return undefined;
};

export const keepSessionRead = (
  deps: AppDeps,
  idHash: string,
  user: UserRow,
  sessionExpiresAt: Date,
): void => {
  const cache = cacheOf(deps);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const until = Math.min(deps.clock.now().getTime() + SESSION_READ_MS, sessionExpiresAt.getTime());
  cache.set(idHash, { user, until });
};

export const forgetSessionRead = (deps: AppDeps, idHash: string): void => {
  cacheOf(deps).delete(idHash);
};

export const forgetUserReads = (deps: AppDeps, userId: number): void => {
  const cache = cacheOf(deps);
  for (const [idHash, read] of cache) if (read.user.id === userId) cache.delete(idHash);
};

/**
 * The keys of the counting rows (rate_limits: rate limits, lockout counts, mail per recipient) name a calling
 * address or an e-mail only by a keyed digest (HMAC-SHA-256 under a key derived from the server key, label 'count
 * keys v1'), never in clear nor as a plain sha-256, which a copy of the table could test guesses against
 * (docs/decisions/security.md: Retention). Every process of a deployment has the same SECRET_KEY, so they count on the same
 * rows: the shared counting on Postgres holds. The process's key is set once at start (server/main.ts, setCountKeys);
 * until then, and in tests, the demo key's. A new SECRET_KEY starts new counts (at most a day's worth is lost).
 */
import { createHmac } from 'node:crypto';
import { type KeyRing, serverKeyRing } from './serverKey';

let countKey: Buffer = serverKeyRing({ production: false, keys: undefined }).current.countKeys;

/** The process's server key (server/main.ts, before it serves). */
export const setCountKeys = (ring: KeyRing): void => {
  countKey = ring.current.countKeys;
};

/** 128 bits of HMAC-SHA-256 in hex: what a counting row's key holds instead of `text`. */
export const countDigest = (text: string): string =>
  createHmac('sha256', countKey).update(text, 'utf8').digest('hex').slice(0, 32);

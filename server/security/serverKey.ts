/**
 * The server key (docs/decisions/security.md: Server key and rotation): one secret from which every keyed protection at
 * rest is derived with HKDF under a label of its own, so one key never serves two purposes: sealing (TOTP secrets,
 * identity-provider client secrets, the sign-in cookie: sealing.ts), the recovery-code HMAC (recoveryCodes.ts) and
 * this server's upload signatures (server/uploads.ts), which every process of a deployment thus accepts, and the
 * keys of the counting rows (countKeys.ts).
 *
 * SECRET_KEY is the current key (IDP_SECRET_KEY is its older name); SECRET_KEYS_PREVIOUS lists older keys that
 * still open what they protected, until the start reseals it under the current one (atRest.ts). Each key has a
 * short id derived from it, stored with every value it protects, so the value names the key that opens it.
 * Demo mode without a key uses a fixed public demo key; production refuses to start without one (main.ts).
 */
import { createHash, hkdfSync } from 'node:crypto';
import type { ServerConfig } from '../config';

const KEY_BYTES = 32;

/** The environment variable an operator sets; named in every message about the key. */
export const SECRET_KEY_VARIABLE = 'SECRET_KEY';

export class ServerKeyError extends Error {}

export interface ServerKey {
  /** 12 hex digits derived from the key: not secret, names the key in stored values (and is safe in LIKE). */
  id: string;
  /** AES-256-GCM key for sealed values (sealing.ts). */
  sealing: Buffer;
  /** HMAC-SHA-256 key for recovery codes (recoveryCodes.ts). */
  recoveryCodes: Buffer;
  /** HMAC-SHA-256 key for this server's own upload signatures (server/uploads.ts). */
  uploadSignatures: Buffer;
  /** HMAC-SHA-256 key for the addresses and e-mails in the counting rows' keys (countKeys.ts). */
  countKeys: Buffer;
  /** The key as configured: only for opening identity-provider secrets sealed before key ids ('v1.'). */
  legacySealing: Buffer;
}

export interface KeyRing {
  /** Seals and hashes everything new. */
  current: ServerKey;
  /** Accepted for opening and checking only. */
  previous: readonly ServerKey[];
}

/** The key settings as loadConfig reads them (config.ts). */
export interface SecretKeySettings {
  /** SECRET_KEY, else IDP_SECRET_KEY. */
  current?: string;
  /** SECRET_KEYS_PREVIOUS (comma-separated), plus IDP_SECRET_KEY when SECRET_KEY differs from it. */
  previous: string[];
}

/** The demo key: derived from a public phrase, so it protects nothing and is refused in production. */
const DEMO_KEY = createHash('sha256').update('account-site demo identity-provider key').digest();

const derive = (key: Buffer, label: string, bytes = KEY_BYTES): Buffer =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `account-site ${label}`, bytes));

const serverKey = (raw: Buffer): ServerKey => ({
  id: derive(raw, 'key id', 6).toString('hex'),
  sealing: derive(raw, 'sealing v2'),
  recoveryCodes: derive(raw, 'recovery codes v1'),
  uploadSignatures: derive(raw, 'upload signatures v1'),
  countKeys: derive(raw, 'count keys v1'),
  legacySealing: raw,
});

const decodeKey = (text: string, variable: string): Buffer => {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new ServerKeyError(
      `${variable} must be ${KEY_BYTES} random bytes, base64 or 64 hex digits (openssl rand -base64 32)`,
    );
  }
  return key;
};

/** The key ring of some settings: throws ServerKeyError (one sentence naming the variable) when unusable. */
export const serverKeyRing = ({
  production,
  keys,
}: {
  production: boolean;
  keys: SecretKeySettings | undefined;
}): KeyRing => {
  const configured = keys?.current;
  if (!configured && production) {
    throw new ServerKeyError(
      `${SECRET_KEY_VARIABLE} is required in production: 32 random bytes, base64 or 64 hex digits (openssl rand -base64 32); it seals two-factor secrets and keys recovery codes`,
    );
  }
  const current = serverKey(configured ? decodeKey(configured, SECRET_KEY_VARIABLE) : DEMO_KEY);
  const previous = (keys?.previous ?? [])
    .map((text) => serverKey(decodeKey(text, 'SECRET_KEYS_PREVIOUS')))
    .filter((key, index, all) => key.id !== current.id && all.findIndex((k) => k.id === key.id) === index);
  return { current, previous };
};

/** The current key first, then the older ones: the order in which stored values are tried. */
export const keysInOrder = (ring: KeyRing): ServerKey[] => [ring.current, ...ring.previous];

const rings = new Map<string, KeyRing>();

/** The config's key ring, derived once per distinct setting (HKDF is cheap, but is asked for per request). */
export const keyRingOf = (config: Pick<ServerConfig, 'production' | 'secretKeys'>): KeyRing => {
  const cacheKey = JSON.stringify([config.production, config.secretKeys ?? null]);
  const known = rings.get(cacheKey);
  if (known) return known;
  const ring = serverKeyRing({ production: config.production, keys: config.secretKeys });
  rings.set(cacheKey, ring);
  return ring;
};

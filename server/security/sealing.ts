/**
 * Sealed values at rest: AES-256-GCM under the server key (serverKey.ts), with associated data naming what the
 * value belongs to (a row and a column), so a sealed value copied to another row does not open.
 *
 * Format: `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). The prefix tells a sealed value from a plain one
 * kept by an older version (a base32 TOTP secret never contains a dot), and the key id says which key opens it.
 * Identity-provider secrets sealed before key ids (`v1.<iv>.<tag>.<ciphertext>`, under the raw key) still open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type KeyRing, keysInOrder, type ServerKey } from './serverKey';

const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
const IV_BYTES = 12;

export class SealError extends Error {}

/** A value in this file's format (either version); anything else is a plain value of an older version. */
export const isSealed = (value: string): boolean => /^v[12]\./.test(value);

/** Sealed under the ring's current key: nothing to reseal. */
export const isSealedUnderCurrent = (ring: KeyRing, value: string): boolean =>
  value.startsWith(`${VERSION}.${ring.current.id}.`);

const encrypt = (key: Buffer, plain: string, context: string): string[] => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
};

const decrypt = (key: Buffer, [iv, tag, body]: string[], context: string): string => {
  if (!iv || !tag || body === undefined) throw new SealError('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
};

/** Seals under the current key, bound to `context`. */
export const seal = (ring: KeyRing, plain: string, context: string): string =>
  [VERSION, ring.current.id, ...encrypt(ring.current.sealing, plain, context)].join('.');

export interface Opened {
  value: string;
  /** Opened by an older key or format: reseal it under the current one. */
  stale: boolean;
}

const tryKeys = (keys: ServerKey[], attempt: (key: ServerKey) => string): Opened | null => {
  for (const [index, key] of keys.entries()) {
    try {
      return { value: attempt(key), stale: index > 0 };
    } catch {
      // the next key, if any
    }
  }
  return null;
};

/**
 * The plain value, with whether it needs resealing; throws SealError when no key of the ring opens it for this
 * context (another row's value, a tampered one, or a key no longer configured).
 */
export const open = (ring: KeyRing, sealed: string, context: string): Opened => {
  const [version, ...parts] = sealed.split('.');
  let opened: Opened | null = null;
  if (version === VERSION) {
    const [keyId, ...cipher] = parts;
    const key = keysInOrder(ring).find((candidate) => candidate.id === keyId);
    opened = key ? tryKeys([key], (k) => decrypt(k.sealing, cipher, context)) : null;
    if (opened) opened.stale = key !== ring.current;
  } else if (version === LEGACY_VERSION) {
    const found = tryKeys(keysInOrder(ring), (k) => decrypt(k.legacySealing, parts, context));
    opened = found && { ...found, stale: true };
  }
  if (!opened) throw new SealError('the sealed value does not open with any configured key for this context');
  return opened;
};

/** The plain value, or null when it does not open (the caller treats it as absent). */
export const openOrNull = (ring: KeyRing, sealed: string, context: string): string | null => {
  try {
    return open(ring, sealed, context).value;
  } catch {
    return null;
  }
};

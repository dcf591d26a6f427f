/**
 * Client secrets of identity providers at rest: AES-256-GCM under IDP_SECRET_KEY (32 bytes, base64 or hex), with
 * the organisation and provider as associated data, so a sealed secret copied to another row does not open.
 * Demo mode without a key uses a fixed demo key (the demo secrets are public anyway); production requires one.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

export class IdpKeyError extends Error {}

/** The demo key: derived from a public phrase, so it protects nothing and is refused in production. */
const DEMO_KEY = createHash('sha256').update('account-site demo identity-provider key').digest();

const decodeKey = (text: string): Buffer => {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES)
    throw new IdpKeyError(`IDP_SECRET_KEY must be ${KEY_BYTES} bytes (base64 or hex)`);
  return key;
};

/** The sealing key from the environment's IDP_SECRET_KEY; the demo key only outside production. */
export const idpSecretKey = ({
  production,
  key,
}: {
  production: boolean;
  key: string | undefined;
}): Buffer => {
  if (key) return decodeKey(key);
  if (production)
    throw new IdpKeyError('IDP_SECRET_KEY is required in production to read or store IdP secrets');
  return DEMO_KEY;
};

/** What a sealed secret is bound to: moved to another organisation or provider it no longer opens. */
export const secretContext = (organisationId: number, provider: string): string =>
  `idp:${organisationId}:${provider}`;

export const sealSecret = (key: Buffer, secret: string, context: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
};

/** The secret, or throws when the key, the context or the ciphertext is not the one it was sealed with. */
export const openSecret = (key: Buffer, sealed: string, context: string): string => {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new IdpKeyError('not a sealed identity-provider secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
};

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** TOKEN_BYTES random bytes, base64url: session ids and e-mailed tokens (docs/decisions.md: Token lifetimes). */
export const TOKEN_BYTES = 32;

export const randomToken = (bytes = TOKEN_BYTES): string => randomBytes(bytes).toString('base64url');

/** How tokens, session ids and recovery codes are stored: sha-256, hex. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** Constant-time comparison of two strings (signatures). */
export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

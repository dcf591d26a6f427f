import { hash, randomFillSync, timingSafeEqual } from 'node:crypto';

/** TOKEN_BYTES random bytes, base64url: session ids and e-mailed tokens (docs/decisions/security.md: Token lifetimes). */
export const TOKEN_BYTES = 32;

/**
 * Random bytes are drawn from the CSPRNG a block at a time, as Node's own randomUUID does: one call into it per 128
 * session ids instead of one per id (a call costs more than the 32 bytes it returns; every login makes a session
 * id). Each byte is handed out once and wiped from the block as it goes; a request larger than the block draws its
 * own bytes.
 */
const BLOCK_BYTES = TOKEN_BYTES * 128;
const block = Buffer.alloc(BLOCK_BYTES);
let blockUsed = BLOCK_BYTES;

export const randomToken = (bytes = TOKEN_BYTES): string => {
  if (bytes > BLOCK_BYTES) return randomFillSync(Buffer.alloc(bytes)).toString('base64url');
  if (blockUsed + bytes > BLOCK_BYTES) {
    randomFillSync(block);
    blockUsed = 0;
  }
  const token = block.toString('base64url', blockUsed, blockUsed + bytes);
  block.fill(0, blockUsed, blockUsed + bytes);
  blockUsed += bytes;
  return token;
};

/**
 * How tokens, session ids and recovery codes are stored: sha-256, hex. One call (crypto.hash) rather than a Hash
 * object per value: the same digest, for less work on every login and session read.
 */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

/** Constant-time comparison of two strings (signatures). */
export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

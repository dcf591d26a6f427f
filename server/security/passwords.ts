/**
 * Password hashing: argon2id with the library's defaults (~15 ms a hash here). `Algorithm` is a const enum that
 * our module settings cannot import (TOOLCHAIN), and argon2id is the default anyway.
 */
import { hash, verify } from '@node-rs/argon2';
import { timedVerification } from '../ops/metrics';

export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    // Counted and timed for the metrics (argon2 verifications in flight, their time).
    return await timedVerification(() => verify(passwordHash, password));
  } catch {
    return false; // a malformed stored hash is a failed check, never a 500
  }
};

let dummyHash: Promise<string> | undefined;
/**
 * Spends the time of one verification when no account matches, so response time does not tell which e-mail
 * addresses have accounts.
 */
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hash('not-a-real-password');
  await verifyPassword(await dummyHash, password);
};

/**
 * What an e-mail undo puts in place of the password (docs/decisions/security.md: Recovery review): no argon2 hash, so no
 * password verifies against it (verifyPassword answers false for a hash it cannot read), until the owner sets one.
 */
export const PASSWORD_DISABLED = '!disabled: set a new password from a reset link';

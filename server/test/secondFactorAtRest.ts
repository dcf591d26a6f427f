/**
 * What a database copy would give of the second factor (docs/security.md: Nothing usable at rest): every stored
 * TOTP secret and recovery-code hash, and checks that none of them is a secret, a code, or a code's plain sha-256.
 */
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { invitations, recoveryCodes, users } from '../db/schema';
import { sha256Hex } from '../security/crypto';

/** What a code's row held before keyed hashes: sha-256 of 'userId:CODE'. */
export const plainRecoveryHash = (userId: number, code: string): string => sha256Hex(`${userId}:${code}`);

export const secondFactorAtRest = async (db: Database) => ({
  totp: [
    ...(await db.select({ a: users.totpSecret, b: users.totpPendingSecret }).from(users)).flatMap((row) => [
      row.a,
      row.b,
    ]),
    ...(await db.select({ a: invitations.totpPendingSecret }).from(invitations)).map((row) => row.a),
  ].filter((value): value is string => value !== null),
  recoveryCodes: await db
    .select({ userId: recoveryCodes.userId, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes),
});

/**
 * Fails unless every stored TOTP value is sealed (and contains none of the secrets), and no recovery-code row holds
 * a code of `codes` or its plain sha-256. Answers what it read, for further checks.
 */
export const expectNothingUsableAtRest = async (
  db: Database,
  { secrets = [], codes = [] }: { secrets?: string[]; codes?: { userId: number; code: string }[] },
) => {
  const stored = await secondFactorAtRest(db);
  for (const value of stored.totp) {
    expect(value).toMatch(/^v2\.[0-9a-f]{12}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(value).not.toMatch(/[A-Z2-7]{16}/);
    for (const secret of secrets) expect(value.toUpperCase()).not.toContain(secret.toUpperCase());
  }
  const hashes = stored.recoveryCodes.map((row) => row.codeHash);
  for (const hash of hashes) expect(hash).toMatch(/^r1\.[0-9a-f]{12}\.[0-9a-f]{64}$/);
  for (const { userId, code } of codes) {
    expect(hashes.join(' ')).not.toContain(code);
    expect(hashes.join(' ')).not.toContain(plainRecoveryHash(userId, code));
  }
  return stored;
};

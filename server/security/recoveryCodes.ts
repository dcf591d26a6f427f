/**
 * Two-factor recovery codes (docs/decisions.md: One-time and recovery codes): RECOVERY_CODE_COUNT codes of RECOVERY_CODE_LENGTH characters,
 * stored as sha-256 (salted with the user id, so equal codes of two users differ), each usable once.
 */
import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../api/contract/limits';
import type { Database } from '../db/client';
import { recoveryCodes } from '../db/schema';
import { sha256Hex } from './crypto';

/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L, so a code read off paper types right. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const newCode = (): string =>
  Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Codes are compared without case, spaces or dashes (docs/decisions.md: One-time and recovery codes). */
const normalise = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();
const hashCode = (userId: number, code: string): string => sha256Hex(`${userId}:${normalise(code)}`);

/** Replaces every code of the user; answers the new codes in clear, the only time they exist so. */
export const regenerateRecoveryCodes = async (db: Database, userId: number, now: Date): Promise<string[]> => {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values([...codes].map((code) => ({ userId, codeHash: hashCode(userId, code), createdAt: now })));
  });
  return [...codes];
};

export type RecoveryCodeUse = 'accepted' | 'used' | 'unknown';

/** Uses a code up in one conditional UPDATE; tells a used code from an unknown one (spec 8 has both). */
export const spendRecoveryCode = async (
  db: Database,
  userId: number,
  code: string,
  now: Date,
): Promise<RecoveryCodeUse> => {
  const codeHash = hashCode(userId, code);
  const matching = and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash));
  const [accepted] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(matching, isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (accepted) return 'accepted';
  const [known] = await db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(matching).limit(1);
  return known ? 'used' : 'unknown';
};

export const remainingRecoveryCodes = async (db: Database, userId: number): Promise<number> => {
  const [row] = await db
    .select({ remaining: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.remaining ?? 0;
};

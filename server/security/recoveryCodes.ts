/**
 * Two-factor recovery codes (docs/decisions/security.md: One-time and recovery codes): RECOVERY_CODE_COUNT codes of RECOVERY_CODE_LENGTH characters,
 * each usable once, stored under a keyed hash (docs/decisions/security.md: Server key and rotation):
 *
 *   code_hash = 'r1.' + key id + '.' + hex(HMAC-SHA-256(recovery-code key, sha256hex(userId + ':' + CODE)))
 *
 * The recovery-code key is derived from the server key (serverKey.ts), so a database copy alone cannot test a
 * single guess (31^6 codes were 584 s a user on one core against the plain sha-256 kept before). The inner
 * sha-256 is that older stored value: rows kept by an older version are keyed at start without knowing the codes
 * (keyLegacyRecoveryCodes, run by atRest.ts), and every row is then checked by the same chain.
 */
import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../api/contract/limits';
import type { Database } from '../db/client';
import { recoveryCodes } from '../db/schema';
import { sha256Hex } from './crypto';
import { type KeyRing, keysInOrder, type ServerKey } from './serverKey';

/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L, so a code read off paper types right. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const newCode = (): string =>
  Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Codes are compared without case, spaces or dashes (docs/decisions/security.md: One-time and recovery codes). */
const normalise = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/** The salted sha-256 an older version stored: now only the input of the keyed hash. */
const innerHash = (userId: number, code: string): string => sha256Hex(`${userId}:${normalise(code)}`);

const PREFIX = 'r1';

/** The stored form of an inner hash under one key. */
const keyedHash = (key: ServerKey, inner: string): string =>
  `${PREFIX}.${key.id}.${createHmac('sha256', key.recoveryCodes).update(inner, 'utf8').digest('hex')}`;

/** Replaces every code of the user; answers the new codes in clear, the only time they exist so. */
export const regenerateRecoveryCodes = async (
  db: Database,
  keys: KeyRing,
  userId: number,
  now: Date,
): Promise<string[]> => {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(
      [...codes].map((code) => ({
        userId,
        codeHash: keyedHash(keys.current, innerHash(userId, code)),
        createdAt: now,
      })),
    );
  });
  return [...codes];
};

export type RecoveryCodeUse = 'accepted' | 'used' | 'unknown';

/**
 * Uses a code up in one conditional UPDATE; tells a used code from an unknown one (spec 8 has both). The code is
 * looked for under the current key and every previous one (a few HMACs: microseconds); a row found under an older
 * key is rehashed under the current one, so it stays recognisable once that key is retired.
 */
export const spendRecoveryCode = async (
  db: Database,
  keys: KeyRing,
  userId: number,
  code: string,
  now: Date,
): Promise<RecoveryCodeUse> => {
  const inner = innerHash(userId, code);
  const [current, ...older] = keysInOrder(keys).map((key) => keyedHash(key, inner));
  if (!current) return 'unknown';
  const matching = and(
    eq(recoveryCodes.userId, userId),
    inArray(recoveryCodes.codeHash, [current, ...older]),
  );
  const [accepted] = await db
    .update(recoveryCodes)
    .set({ usedAt: now, codeHash: current })
    .where(and(matching, isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (accepted) return 'accepted';
  const [known] = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(matching)
    .limit(1);
  if (!known) return 'unknown';
  if (known.codeHash !== current) {
    await db.update(recoveryCodes).set({ codeHash: current }).where(eq(recoveryCodes.id, known.id));
  }
  return 'used';
};

export const remainingRecoveryCodes = async (db: Database, userId: number): Promise<number> => {
  const [row] = await db
    .select({ remaining: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.remaining ?? 0;
};

/** How many legacy rows one statement keys at start. */
const LEGACY_BATCH = 500;

/**
 * Keys the rows an older version stored as plain sha-256 (64 hex digits): each becomes the keyed hash of that very
 * value under the current key, which is what spendRecoveryCode computes for the code. Idempotent (keyed rows start
 * with 'r1.'); answers how many rows it keyed.
 */
export const keyLegacyRecoveryCodes = async (db: Database, keys: KeyRing): Promise<number> => {
  let keyed = 0;
  for (;;) {
    const legacy = await db
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(sql`${recoveryCodes.codeHash} ~ '^[0-9a-f]{64}$'`)
      .limit(LEGACY_BATCH);
    if (legacy.length === 0) return keyed;
    const values = sql.join(
      legacy.map(
        (row) =>
          sql`(${row.id}::integer, ${row.codeHash}::text, ${keyedHash(keys.current, row.codeHash)}::text)`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`update ${recoveryCodes} set code_hash = v.keyed from (values ${values}) as v(id, legacy, keyed)
          where ${recoveryCodes.id} = v.id and ${recoveryCodes.codeHash} = v.legacy`,
    );
    keyed += legacy.length;
    if (legacy.length < LEGACY_BATCH) return keyed;
  }
};

/** Unused codes still hashed under each previous key (they stop working when that key is removed). */
export const recoveryCodesUnderPreviousKeys = async (
  db: Database,
  keys: KeyRing,
): Promise<{ keyId: string; unused: number }[]> =>
  Promise.all(
    keys.previous.map(async (key) => {
      const [row] = await db
        .select({ unused: count() })
        .from(recoveryCodes)
        .where(and(like(recoveryCodes.codeHash, `${PREFIX}.${key.id}.%`), isNull(recoveryCodes.usedAt)));
      return { keyId: key.id, unused: row?.unused ?? 0 };
    }),
  );

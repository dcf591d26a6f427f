/**
 * E-mailed tokens (docs/decisions.md: Token lifetimes): 32 random bytes, stored as sha-256, single-use, expiring. Kinds in the tokens
 * table: reset (1 h), magic (15 min), confirm (7 days). Invitations keep their own table (registration) but use
 * the same raw/hash helpers and TOKEN_TTL_MS.invitation (14 days).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { type TokenKind, tokens } from './db/schema';
import { randomToken, sha256Hex } from './security/crypto';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TOKEN_TTL_MS = {
  reset: HOUR,
  magic: 15 * MINUTE,
  confirm: 7 * DAY,
  invitation: 14 * DAY,
} as const satisfies Record<TokenKind | 'invitation', number>;

export type TokenRow = typeof tokens.$inferSelect;

interface TokenDeps {
  db: Database;
  clock: Clock;
}

export interface IssueTokenOptions {
  kind: TokenKind;
  userId: number;
  /** Defaults to TOKEN_TTL_MS[kind]. */
  ttlMs?: number;
  /** Confirmation tokens: how the user came aboard and where (GET /api/confirm answers both). */
  boarding?: 'email' | 'companyId';
  organisationId?: number | null;
}

/** A fresh token and its hash, for tables of their own (invitations). */
export const newToken = (): { raw: string; hash: string } => {
  const raw = randomToken();
  return { raw, hash: sha256Hex(raw) };
};

export const hashToken = (raw: string): string => sha256Hex(raw.trim());

/**
 * Issues a token and answers the raw value (it only ever travels in the mail). Earlier unused tokens of the same
 * kind for the user stop working: only the newest link counts.
 */
export const issueToken = async ({ db, clock }: TokenDeps, options: IssueTokenOptions): Promise<string> => {
  const now = clock.now();
  const { raw, hash } = newToken();
  await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.userId, options.userId), eq(tokens.kind, options.kind), isNull(tokens.usedAt)));
  await db.insert(tokens).values({
    kind: options.kind,
    tokenHash: hash,
    userId: options.userId,
    boarding: options.boarding ?? null,
    organisationId: options.organisationId ?? null,
    expiresAt: new Date(now.getTime() + (options.ttlMs ?? TOKEN_TTL_MS[options.kind])),
    createdAt: now,
  });
  return raw;
};

const usable = (kind: TokenKind, raw: string, now: Date) =>
  and(
    eq(tokens.tokenHash, hashToken(raw)),
    eq(tokens.kind, kind),
    isNull(tokens.usedAt),
    gt(tokens.expiresAt, sql`${now.toISOString()}::timestamptz`),
  );

/** The token's row when it is unused and unexpired, without using it up (GET /api/forgot_password_set). */
export const peekToken = async (
  { db, clock }: TokenDeps,
  kind: TokenKind,
  raw: string,
): Promise<TokenRow | null> => {
  const [row] = await db
    .select()
    .from(tokens)
    .where(usable(kind, raw, clock.now()))
    .limit(1);
  return row ?? null;
};

/**
 * Uses a token up: one UPDATE that only matches an unused, unexpired token, so two parallel requests with the
 * same token cannot both succeed. Null when the token is unknown, used, expired or of another kind.
 */
export const consumeToken = async (
  { db, clock }: TokenDeps,
  kind: TokenKind,
  raw: string,
): Promise<TokenRow | null> => {
  const now = clock.now();
  const [row] = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(usable(kind, raw, now))
    .returning();
  return row ?? null;
};

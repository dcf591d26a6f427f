/**
 * E-mailed tokens (docs/decisions/security.md: Token lifetimes): 32 random bytes, stored as sha-256, single-use, expiring;
 * a few live at once per user and kind, all ended when one is used. Kinds in the tokens
 * table: reset (1 h), magic (15 min), confirm (7 days), emailChange (1 day), emailUndo (7 days). Invitations keep their own table (registration) but use
 * the same raw/hash helpers and TOKEN_TTL_MS.invitation (14 days).
 */
import { and, desc, eq, gt, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_LINK_TTL_MS, EMAIL_UNDO_LINK_TTL_MS } from '../api/contract/security';
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
  /** The link to the new address (docs/decisions/security.md: Changing the e-mail address); the /me form says it. */
  emailChange: EMAIL_CHANGE_LINK_TTL_MS,
  /** The undo link to the old address. */
  emailUndo: EMAIL_UNDO_LINK_TTL_MS,
  /**
   * The recovery review (docs/decisions/security.md: Recovery review): what a finished recovery hands its browser to review
   * the ways into the account; it is used many times within its half hour, then dies.
   */
  recoveryReview: 30 * MINUTE,
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
  /** E-mail changes: the new address (emailChange) or the one to go back to (emailUndo). */
  email?: string;
}

/** A fresh token and its hash, for tables of their own (invitations). */
export const newToken = (): { raw: string; hash: string } => {
  const raw = randomToken();
  return { raw, hash: sha256Hex(raw) };
};

export const hashToken = (raw: string): string => sha256Hex(raw.trim());

/**
 * How many links of one kind a user may hold at once (docs/decisions/security.md: Token lifetimes). A new request does not
 * end the link the user is about to click; with mail limited to 3 per recipient per 15 minutes
 * (mail/recipientLimit.ts), a link survives at least the next window's requests.
 */
export const LIVE_TOKENS_PER_KIND = 5;

/**
 * Issues a token and answers the raw value (it only ever travels in the mail). Earlier links of the kind keep
 * working, up to LIVE_TOKENS_PER_KIND (undo links: all of them): past that the oldest stop. Using any one of them ends them all
 * (consumeToken).
 */
export const issueToken = async ({ db, clock }: TokenDeps, options: IssueTokenOptions): Promise<string> => {
  const now = clock.now();
  const { raw, hash } = newToken();
  await db.insert(tokens).values({
    kind: options.kind,
    tokenHash: hash,
    userId: options.userId,
    boarding: options.boarding ?? null,
    organisationId: options.organisationId ?? null,
    email: options.email ?? null,
    expiresAt: new Date(now.getTime() + (options.ttlMs ?? TOKEN_TTL_MS[options.kind])),
    createdAt: now,
  });
  // Undo links are never capped: each follows a confirmed change, and a chain of changes must not end the first
  // undo, the owner's (docs/decisions/security.md: Changing the e-mail address).
  if (options.kind === 'emailUndo') return raw;
  const mine = and(eq(tokens.userId, options.userId), eq(tokens.kind, options.kind), isNull(tokens.usedAt));
  const newest = db
    .select({ id: tokens.id })
    .from(tokens)
    .where(mine)
    .orderBy(desc(tokens.id))
    .limit(LIVE_TOKENS_PER_KIND);
  await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(mine, notInArray(tokens.id, newest)));
  return raw;
};

/** Ends every unused token of these kinds of a user (a new password ends every reset and sign-in link). */
export const endTokens = async (
  { db, clock }: TokenDeps,
  userId: number,
  kinds: readonly TokenKind[],
): Promise<void> => {
  await db
    .update(tokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(tokens.userId, userId), inArray(tokens.kind, kinds), isNull(tokens.usedAt)));
};

const usable = (kind: TokenKind, raw: string, now: Date) =>
  and(
    eq(tokens.tokenHash, hashToken(raw)),
    eq(tokens.kind, kind),
    isNull(tokens.usedAt),
    gt(tokens.expiresAt, sql`${now.toISOString()}::timestamptz`),
  );

/** Whether the user holds an unused, unexpired token of the kind (a company-id registration still pending). */
export const hasLiveToken = async (
  { db, clock }: TokenDeps,
  userId: number,
  kind: TokenKind,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.userId, userId),
        eq(tokens.kind, kind),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, sql`${clock.now().toISOString()}::timestamptz`),
      ),
    )
    .limit(1);
  return row !== undefined;
};

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
 * Uses a token up, and with it every other unused token of its kind for the same user (a reset mail leaked earlier
 * stops working once one link set the password). One UPDATE of all the user's live tokens of the kind, made only
 * when this token is usable: two parallel requests with the same token, or with two of the user's tokens, cannot
 * both succeed (the second finds the rows already used once the first commits). Null when the token is unknown,
 * used, expired or of another kind.
 */
export const consumeToken = async (
  { db, clock }: TokenDeps,
  kind: TokenKind,
  raw: string,
): Promise<TokenRow | null> => {
  const now = clock.now();
  const owner = db
    .select({ userId: tokens.userId })
    .from(tokens)
    .where(usable(kind, raw, now));
  const ended = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.kind, kind), isNull(tokens.usedAt), inArray(tokens.userId, owner)))
    .returning();
  const hash = hashToken(raw);
  return ended.find((row) => row.tokenHash === hash) ?? null;
};

/**
 * Uses an e-mail undo link up, and with it every undo link issued AFTER it (docs/decisions/security.md: Changing the e-mail
 * address): the owner's undo from the first address ends the undo links of the changes that followed (an
 * intruder's chain A -> B -> C), while an undo from a later address leaves the earlier, the owner's, alive. One
 * UPDATE, made only when the token is usable: two requests with the same link cannot both succeed.
 */
export const consumeUndoToken = async ({ db, clock }: TokenDeps, raw: string): Promise<TokenRow | null> => {
  const now = clock.now();
  const [used] = await db
    .select({ id: tokens.id, userId: tokens.userId })
    .from(tokens)
    .where(usable('emailUndo', raw, now))
    .limit(1);
  if (!used) return null;
  const ended = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(tokens.kind, 'emailUndo'),
        eq(tokens.userId, used.userId),
        isNull(tokens.usedAt),
        gte(tokens.id, used.id),
      ),
    )
    .returning();
  return ended.find((row) => row.id === used.id) ?? null;
};

/**
 * The recovery review (docs/decisions/security.md: Recovery review): after a recovery (a password reset by mailed link, or an
 * e-mail undo and the new password it asks for) the browser that made it holds a review token (30 minutes,
 * server/tokens.ts) and sees every way into the account: each passkey (when, from which browser, last used, whether
 * the recovery suspended it), the authenticator app (since when, from which browser) and the recovery codes. It may
 * keep a suspended passkey, remove any passkey, and remove the authenticator app with its recovery codes only when
 * a session turned it on within the 72 hours before the recovery. Finishing uses the token up.
 *
 * Every call is a POST with the token in the JSON body: an address with a token in it ends up in logs and histories.
 * The token is read, not used up, until the review is finished; each change answers the review as it now stands.
 */

import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import { Hono } from 'hono';
import { OK_ANSWER } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import {
  AUTHENTICATOR_REMOVABLE_HOURS,
  RecoveryPasskeyRequestWire,
  RecoveryReviewRequestWire,
  type RecoveryReviewWire,
} from '../../api/contract/recovery';
import type { Database } from '../db/client';
import { passkeys, recoveryCodes, sessions, users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import { NOTHING_QUEUED } from '../mail/queued';
import { noticePasskeyRemoved, RESET_PAGE_REQUEST, securityNoticeFor } from '../mail/securityNotice';
import { rateLimit } from '../rateLimit';
import { recordSecurityChange } from '../security/securityActivity';
import { forgetUserReads } from '../sessionReads';
import { siteLink } from '../siteLinks';
import { consumeToken, peekToken, type TokenRow } from '../tokens';
import { deviceLine } from '../userAgent';
import { findUserById } from '../users';

const HOUR = 60 * 60_000;

/** The browser a way in was added from, as the review says it; null when it was not recorded. */
const addedFrom = (userAgent: string | null): string | null => (userAgent ? deviceLine(userAgent) : null);

/**
 * Whether the review may remove the authenticator app: two-factor was turned on by a session (recorded) within the
 * 72 hours before the recovery, and that session is not alive now. Every session alive at the recovery was ended by
 * it; one that ended before (an intruder who signed out at once) counts too, or signing out would keep the app out
 * of the owner's reach. Older, the app is taken to be the owner's: a thief of the mailbox alone must not strip it.
 */
const authenticatorRemovable = async (
  db: Database,
  user: typeof users.$inferSelect,
  recoveredAt: Date,
): Promise<boolean> => {
  const { twoFactorEnabled, twoFactorSince, twoFactorSession } = user;
  if (!twoFactorEnabled || !twoFactorSince || !twoFactorSession) return false;
  const since = twoFactorSince.getTime();
  const recovery = recoveredAt.getTime();
  if (since > recovery || since <= recovery - AUTHENTICATOR_REMOVABLE_HOURS * HOUR) return false;
  const [alive] = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(eq(sessions.idHash, twoFactorSession))
    .limit(1);
  return alive === undefined;
};

export const recoveryReviewRoutes = (deps: AppDeps) => {
  const { db, config } = deps;
  // The review's reads and changes, with the security centre's changes (30 a minute and address).
  const limited = rateLimit(deps.rateLimiter, 'accountSecurity', config.trustProxy);

  /** The review token's row: unknown, used, expired or of another kind is one refusal. */
  const reviewToken = async (raw: string): Promise<TokenRow> => {
    const row = await peekToken(deps, 'recoveryReview', raw);
    if (!row) throw fail('recovery_review_token_invalid_error');
    return row;
  };

  const reviewOf = async (token: TokenRow): Promise<RecoveryReviewWire> => {
    const [user] = await db.select().from(users).where(eq(users.id, token.userId));
    if (!user) throw fail('recovery_review_token_invalid_error');
    const rows = await db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, user.id))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    const [codes] = await db
      .select({ remaining: count(), createdAt: max(recoveryCodes.createdAt) })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    return {
      passkeys: rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        addedFrom: addedFrom(row.addedUserAgent),
        suspended: row.suspendedAt !== null,
      })),
      authenticator: user.twoFactorEnabled
        ? {
            since: user.twoFactorSince?.toISOString() ?? null,
            addedFrom: addedFrom(user.twoFactorUserAgent),
            removable: await authenticatorRemovable(db, user, token.createdAt),
          }
        : null,
      recoveryCodes:
        codes && codes.remaining > 0 && codes.createdAt
          ? { remaining: codes.remaining, createdAt: new Date(codes.createdAt).toISOString() }
          : null,
    };
  };

  return new Hono<AppEnv>()
    .post(API_PATHS.getRecoveryReview.path, limited, async (c) => {
      const { token } = await readJson(c, RecoveryReviewRequestWire);
      return c.json(await reviewOf(await reviewToken(token)));
    })

    .post(API_PATHS.keepRecoveryPasskey.path, limited, async (c) => {
      const { token, id } = await readJson(c, RecoveryPasskeyRequestWire);
      const review = await reviewToken(token);
      const kept = await db
        .update(passkeys)
        .set({ suspendedAt: null })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, review.userId)))
        .returning({ id: passkeys.id });
      if (kept.length === 0) throw fail('passkey_not_found_error');
      return c.json(await reviewOf(review));
    })

    .post(API_PATHS.removeRecoveryPasskey.path, limited, async (c) => {
      const { token, id } = await readJson(c, RecoveryPasskeyRequestWire);
      const review = await reviewToken(token);
      const [removed] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, review.userId)))
        .returning({ id: passkeys.id, createdAt: passkeys.createdAt });
      if (!removed) throw fail('passkey_not_found_error');
      await recordSecurityChange(db, c, review.userId, 'passkey_removed', deps.clock.now());
      // A way in removed: the account's address is told, as from /me (docs/decisions/security.md: A notice for every
      // way in).
      const owner = await findUserById(db, review.userId);
      if (owner) await noticePasskeyRemoved(c, deps, owner, removed.createdAt);
      return c.json(await reviewOf(review));
    })

    .post(API_PATHS.removeRecoveryAuthenticator.path, limited, async (c) => {
      const { token } = await readJson(c, RecoveryReviewRequestWire);
      const review = await reviewToken(token);
      const [user] = await db.select().from(users).where(eq(users.id, review.userId));
      if (!user || !(await authenticatorRemovable(db, user, review.createdAt))) throw fail('forbidden_error');
      // A way in removed, and two-factor off: the account's address is told in the same transaction, as every
      // security change (docs/decisions/security.md: A notice for every way in; Security changes are one transaction).
      const notice = await securityNoticeFor(c, deps, user, 'twoFactorRemoved');
      const deliver = await db.transaction(async (tx) => {
        const [turnedOff] = await tx
          .update(users)
          .set({
            twoFactorEnabled: false,
            totpSecret: null,
            totpPendingSecret: null,
            lastTotpStep: null,
            twoFactorSince: null,
            twoFactorSession: null,
            twoFactorUserAgent: null,
            updatedAt: deps.clock.now(),
          })
          .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, true)))
          .returning({ id: users.id });
        // Of two removals at once, only the one that turned it off tells.
        if (!turnedOff) return NOTHING_QUEUED;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await recordSecurityChange(tx, c, user.id, 'two_factor_removed', deps.clock.now());
        return notice(tx, { screenName: user.screenName, link: siteLink(deps.config, RESET_PAGE_REQUEST) });
      });
      forgetUserReads(deps, user.id);
      await deliver();
      return c.json(await reviewOf(review));
    })

    .post(API_PATHS.finishRecoveryReview.path, limited, async (c) => {
      const { token } = await readJson(c, RecoveryReviewRequestWire);
      if (!(await consumeToken(deps, 'recoveryReview', token))) {
        throw fail('recovery_review_token_invalid_error');
      }
      return c.json(OK_ANSWER);
    });
};

/**
 * Password recovery (spec 2 Forgot password, spec 7): POST /api/forgot_password mails a reset link, or a magic sign-in link with
 * generateMagicLink; GET /api/forgot_password_set?token checks a reset token; POST sets the new password.
 */

import { eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  ForgotPasswordRequestWire,
  ResetTokenQueryWire,
  SetNewPasswordRequestWire,
} from '../../api/contract/auth';
import { OK_ANSWER } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import type { RecoveryStartedAnswerWire } from '../../api/contract/recovery';
import { users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import { requestLocale } from '../mail/locale';
import { NOTHING_QUEUED } from '../mail/queued';
import { mayMail } from '../mail/recipientLimit';
import { RESET_PAGE_REQUEST, securityNoticeFor } from '../mail/securityNotice';
import { sendMail } from '../mail/send';
import { rateLimit } from '../rateLimit';
import { refuseBreachedPassword } from '../security/breachedPasswords';
import { hashPassword } from '../security/passwords';
import { beginRecovery } from '../security/recovery';
import { recordSecurityChange } from '../security/securityActivity';
import { siteLink } from '../siteLinks';
import { consumeToken, endTokens, issueToken, peekToken } from '../tokens';
import { findUserByEmail, findUserById, requiresTwoFactor } from '../users';

/** Site pages the mailed links open (spec 2 routes). */
export const RESET_PAGE = '/forgot_password_set';
export const MAGIC_LINK_PAGE = '/me';

/**
 * POST /api/forgot_password's work, for the JSON call and the forgot-password pages' own form posts alike
 * (server/routes/formPosts.ts): mails a reset link, or a magic sign-in link with generateMagicLink (a reset link
 * instead for two-factor accounts). The caller applies the 'forgotPassword' rate limit first. Throws
 * email_not_found_error for an address without an account.
 */
export const sendRecoveryMail = async (
  deps: AppDeps,
  c: Context<AppEnv>,
  body: ForgotPasswordRequestWire,
): Promise<void> => {
  const { db, config } = deps;
  const user = await findUserByEmail(db, body.email);
  // spec 8 has email_not_found_error, so this call tells whether an address has an account; the rate
  // limit keeps that from being harvested in bulk.
  if (!user) throw fail('email_not_found_error');
  // Past the recipient's share of sign-in mails: the same answer, no mail, no token (docs/decisions/security.md: Mail
  // per recipient). A link sent before still works (tokens.ts LIVE_TOKENS_PER_KIND).
  if (!(await mayMail(deps, 'signIn', user.email))) return;
  const locale = requestLocale(c);
  const vars = { screenName: user.screenName };
  const twoFactor = user.twoFactorEnabled || (await requiresTwoFactor(db, user.id));
  if (body.generateMagicLink && !twoFactor) {
    const token = await issueToken(deps, { kind: 'magic', userId: user.id });
    const link = siteLink(config, MAGIC_LINK_PAGE, { magicLinkToken: token });
    await sendMail(deps, user.email, 'magic', { ...vars, link }, locale);
  } else {
    const token = await issueToken(deps, { kind: 'reset', userId: user.id });
    const link = siteLink(config, RESET_PAGE, { token });
    const template = body.generateMagicLink ? 'resetInsteadOfMagic' : 'reset';
    await sendMail(deps, user.email, template, { ...vars, link }, locale);
  }
};

export const passwordRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;

  /** The reset token of the query; a missing or blank one is an invalid token, like an unknown one. */
  const resetTokenOf = (query: Record<string, string>): string => {
    const parsed = v.safeParse(ResetTokenQueryWire, query);
    if (!parsed.success) throw fail('forgot_password_token_invalid_error');
    return parsed.output.token;
  };

  const resetLimited = rateLimit(deps.rateLimiter, 'passwordReset', config.trustProxy);

  return (
    new Hono<AppEnv>()
      .post(
        API_PATHS.forgotPassword.path,
        rateLimit(deps.rateLimiter, 'forgotPassword', config.trustProxy),
        async (c) => {
          await sendRecoveryMail(deps, c, await readJson(c, ForgotPasswordRequestWire));
          return c.json(OK_ANSWER);
        },
      )

      .get(API_PATHS.checkResetToken.path, resetLimited, async (c) => {
        const token = resetTokenOf(c.req.query());
        if (!(await peekToken(deps, 'reset', token))) throw fail('forgot_password_token_invalid_error');
        return c.json(OK_ANSWER);
      })

      /**
       * A recovery (docs/decisions/security.md: Recovery review), as one transaction with its notice (docs/decisions/security.md:
       * Security changes are one transaction): the token is used, the password set, every session ends and the
       * credential epoch moves (a login that checked the old password meanwhile starts nothing), passkeys added by
       * the ended sessions are suspended, and the answer hands this browser the review of every way in.
       */
      .post(API_PATHS.setNewPassword.path, resetLimited, async (c) => {
        const token = resetTokenOf(c.req.query());
        const { pwd } = await readJson(c, SetNewPasswordRequestWire);
        // Cheap checks first: a bogus or used token never costs a hash. The token is consumed below, atomically.
        const peeked = await peekToken(deps, 'reset', token);
        const owner = peeked && (await findUserById(db, peeked.userId));
        if (!owner) throw fail('forgot_password_token_invalid_error');
        await refuseBreachedPassword(deps.config, pwd);
        const passwordHash = await hashPassword(pwd);
        const now = clock.now();
        // A first password (the company-id welcome's link) changes nothing the owner had: no notice.
        const firstPassword = peeked.boarding === 'companyId';
        const notice = firstPassword
          ? async () => NOTHING_QUEUED
          : await securityNoticeFor(c, deps, owner, 'passwordChanged');
        const { reviewToken, deliver } = await db.transaction(async (tx) => {
          // Ends the user's other reset links too; the sign-in links go with the old password.
          const used = await consumeToken({ db: tx, clock }, 'reset', token);
          if (!used || used.userId !== owner.id) throw fail('forgot_password_token_invalid_error');
          await endTokens({ db: tx, clock }, used.userId, ['magic']);
          // The mail reached the user, so the address is confirmed; a fresh password ends any lockout.
          await tx
            .update(users)
            .set({
              passwordHash,
              confirmedAt: sql`coalesce(${users.confirmedAt}, ${now.toISOString()}::timestamptz)`,
              // The mailed link proved the mailbox: its owner's language is the account's (Security notices).
              locale: requestLocale(c),
              failedAttempts: 0,
              failedWindowStart: null,
              lockedUntil: null,
              updatedAt: now,
            })
            .where(eq(users.id, used.userId));
          // Whoever knew the old password, or held a session, is out everywhere.
          await beginRecovery({ db: tx, clock }, deps, used.userId);
          await recordSecurityChange(tx, c, used.userId, 'password_reset', now);
          const review = await issueToken({ db: tx, clock }, { kind: 'recoveryReview', userId: used.userId });
          return {
            reviewToken: review,
            deliver: await notice(tx, {
              screenName: owner.screenName,
              link: siteLink(config, RESET_PAGE_REQUEST),
            }),
          };
        });
        await deliver();
        const answer: RecoveryStartedAnswerWire = { ok: true, reviewToken };
        return c.json(answer);
      })
  );
};

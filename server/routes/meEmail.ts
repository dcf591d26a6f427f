/**
 * Changing the e-mail address (docs/decisions/security.md: Changing the e-mail address): POST /api/me/email mails a link to
 * the NEW address and changes nothing; POST /api/me/email/confirm with that link's token makes the change (single
 * use, one day) and mails the OLD address a notice with an undo link; POST /api/me/email/undo with that token
 * (seven days) puts the old address back and ends every session. Tokens are the tokens table's (server/tokens.ts).
 */

import { and, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { OK_ANSWER } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import type { EmailUndoAnswerWire } from '../../api/contract/recovery';
import {
  ChangeEmailRequestWire,
  type EmailChangeAnswerWire,
  EmailChangeTokenRequestWire,
  isSameEmail,
} from '../../api/contract/security';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import { requestLocale } from '../mail/locale';
import { mayMail } from '../mail/recipientLimit';
import { securityNoticeFor } from '../mail/securityNotice';
import { sendMail } from '../mail/send';
import { rateLimit } from '../rateLimit';
import { PASSWORD_DISABLED } from '../security/passwords';
import { beginRecovery } from '../security/recovery';
import { recordSecurityChange } from '../security/securityActivity';
import { requireStepUp } from '../security/stepUp';
import { forgetUserReads } from '../sessionReads';
import { authenticated } from '../sessions';
import { siteLink } from '../siteLinks';
import { consumeToken, consumeUndoToken, endTokens, issueToken, peekToken } from '../tokens';
import { onUniqueViolation } from '../uniqueViolation';
import { addressHeldForUndo, findUserById } from '../users';

/** Site pages the mailed links open (routes/). */
export const EMAIL_CHANGE_PAGE = '/confirm_email_change';
export const EMAIL_UNDO_PAGE = '/undo_email_change';

const emailTaken = { users_email_lower_unique: () => fail('email_already_exist_error') };

export const meEmailRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const linkLimited = rateLimit(deps.rateLimiter, 'emailChangeLink', config.trustProxy);

  /**
   * Whether another account holds the address (compared without case, as the unique index does), or the address
   * is held for another account's undo (server/users.ts addressHeldForUndo).
   */
  const takenByOther = async (email: string, userId: number): Promise<boolean> => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
      .limit(1);
    return row !== undefined || (await addressHeldForUndo(db, email, clock.now(), userId));
  };

  /** Sets the address; the unique index has the last word when two accounts race for one address. */
  const setEmail = (
    tx: Database,
    userId: number,
    email: string,
    extra: { confirmedAt?: ReturnType<typeof sql>; locale?: string; passwordHash?: string } = {},
  ) =>
    onUniqueViolation(
      () =>
        tx
          .update(users)
          .set({ email, updatedAt: clock.now(), ...extra })
          .where(eq(users.id, userId)),
      emailTaken,
    );

  return (
    new Hono<AppEnv>()
      .post(
        API_PATHS.changeEmail.path,
        rateLimit(deps.rateLimiter, 'accountSecurity', config.trustProxy),
        authenticated(deps),
        async (c) => {
          const user = c.var.user;
          const { email } = await readJson(c, ChangeEmailRequestWire);
          await requireStepUp(deps, c.var.sessionIdHash);
          // The same address in another case is no change; another account's address is taken (spec 8).
          if (isSameEmail(email, user.email) || (await takenByOther(email, user.id))) {
            throw fail('email_already_exist_error');
          }
          // Over the new address's share of confirmation mails: the same answer, no token (docs/decisions/security.md: Mail
          // per recipient): a session cannot be used to flood somebody else's mailbox.
          if (!(await mayMail(deps, 'confirm', email))) return c.json(OK_ANSWER);
          const token = await issueToken(deps, { kind: 'emailChange', userId: user.id, email });
          await sendMail(
            deps,
            email,
            'emailChangeConfirm',
            {
              link: siteLink(config, EMAIL_CHANGE_PAGE, { token }),
              screenName: user.screenName,
              newEmail: email,
            },
            requestLocale(c),
          );
          return c.json(OK_ANSWER);
        },
      )

      /**
       * The change, as one transaction (docs/decisions/security.md: Security changes are one transaction): the link used, the
       * new address set, the old address's undo link issued and its notice's outbox row written, or none of it.
       */
      .post(API_PATHS.confirmEmailChange.path, linkLimited, async (c) => {
        const { token } = await readJson(c, EmailChangeTokenRequestWire);
        const peeked = await peekToken(deps, 'emailChange', token);
        const user = peeked && (await findUserById(db, peeked.userId));
        if (!peeked?.email || !user) throw fail('email_change_token_invalid_error');
        const newEmail = peeked.email;
        if (await takenByOther(newEmail, user.id)) throw fail('email_already_exist_error');
        const oldEmail = user.email;
        // The old address's notice keeps the account's language as it was.
        const notice = await securityNoticeFor(
          c,
          deps,
          { email: oldEmail, locale: user.locale },
          'emailChanged',
        );
        const deliver = await db.transaction(async (tx) => {
          const used = await consumeToken({ db: tx, clock }, 'emailChange', token);
          if (!used || used.userId !== user.id) throw fail('email_change_token_invalid_error');
          // The link proved the new mailbox: an unconfirmed account is confirmed by it (the banner goes), and the
          // new mailbox's owner's language is the account's from now on.
          await setEmail(tx, user.id, newEmail, {
            confirmedAt: sql`coalesce(${users.confirmedAt}, ${clock.now().toISOString()}::timestamptz)`,
            locale: requestLocale(c),
          });
          // Confirmation links to the old address would confirm an address the account no longer has.
          await endTokens({ db: tx, clock }, user.id, ['confirm']);
          await recordSecurityChange(tx, c, user.id, 'email_changed', clock.now());
          const undo = await issueToken(
            { db: tx, clock },
            { kind: 'emailUndo', userId: user.id, email: oldEmail },
          );
          return notice(tx, {
            screenName: user.screenName,
            newEmail,
            link: siteLink(config, EMAIL_UNDO_PAGE, { token: undo }),
          });
        });
        forgetUserReads(deps, user.id);
        await deliver();
        const answer: EmailChangeAnswerWire = { email: newEmail };
        return c.json(answer);
      })

      /**
       * The undo is a recovery (docs/decisions/security.md: Recovery review), as one transaction: the old address back, the
       * password whoever changed the address may know disabled, every session and pending link ended, the credential
       * epoch moved, passkeys added by the ended sessions suspended; the answer hands a reset link's token so that the
       * owner sets a new password at once. Undo links issued after this one end; earlier ones stay (a chain of
       * changes cannot cancel the owner's undo).
       */
      .post(API_PATHS.undoEmailChange.path, linkLimited, async (c) => {
        const { token } = await readJson(c, EmailChangeTokenRequestWire);
        const result = await db.transaction(async (tx) => {
          const used = await consumeUndoToken({ db: tx, clock }, token);
          if (!used?.email) throw fail('email_change_token_invalid_error');
          const email = used.email;
          await setEmail(tx, used.userId, email, { passwordHash: PASSWORD_DISABLED });
          await endTokens({ db: tx, clock }, used.userId, [
            'emailChange',
            'reset',
            'magic',
            'recoveryReview',
          ]);
          await beginRecovery({ db: tx, clock }, deps, used.userId);
          await recordSecurityChange(tx, c, used.userId, 'email_change_undone', clock.now());
          const resetToken = await issueToken({ db: tx, clock }, { kind: 'reset', userId: used.userId });
          return { email, resetToken };
        });
        const answer: EmailUndoAnswerWire = result;
        return c.json(answer);
      })
  );
};

/**
 * Changing the e-mail address (docs/decisions.md: Changing the e-mail address): POST /api/me/email mails a link to
 * the NEW address and changes nothing; POST /api/me/email/confirm with that link's token makes the change (single
 * use, one day) and mails the OLD address a notice with an undo link; POST /api/me/email/undo with that token
 * (seven days) puts the old address back and ends every session. Tokens are the tokens table's (server/tokens.ts).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { OK_ANSWER } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import {
  ChangeEmailRequestWire,
  type EmailChangeAnswerWire,
  EmailChangeTokenRequestWire,
  isSameEmail,
} from '../../api/contract/security';
import { users } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/problem';
import { readJson } from '../http/validate';
import { requestLocale } from '../mail/locale';
import { mayMail } from '../mail/recipientLimit';
import { sendSecurityNotice } from '../mail/securityNotice';
import { sendMail } from '../mail/send';
import { rateLimit } from '../rateLimit';
import { requireStepUp } from '../security/stepUp';
import { forgetUserReads } from '../sessionReads';
import { authenticated, endAllSessions } from '../sessions';
import { siteLink } from '../siteLinks';
import { consumeToken, endTokens, issueToken } from '../tokens';
import { onUniqueViolation } from '../uniqueViolation';
import { findUserById } from '../users';

/** Site pages the mailed links open (routes/). */
export const EMAIL_CHANGE_PAGE = '/confirm_email_change';
export const EMAIL_UNDO_PAGE = '/undo_email_change';

const emailTaken = { users_email_lower_unique: () => fail('email_already_exist_error') };

export const meEmailRoutes = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const linkLimited = rateLimit(deps.rateLimiter, 'emailChangeLink', config.trustProxy);

  /** Whether another account holds the address (compared without case, as the unique index does). */
  const takenByOther = async (email: string, userId: number): Promise<boolean> => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
      .limit(1);
    return row !== undefined;
  };

  /** Sets the address; the unique index has the last word when two accounts race for one address. */
  const setEmail = (
    userId: number,
    email: string,
    extra: { confirmedAt?: ReturnType<typeof sql>; locale?: string } = {},
  ) =>
    onUniqueViolation(
      () =>
        db
          .update(users)
          .set({ email, updatedAt: clock.now(), ...extra })
          .where(eq(users.id, userId)),
      emailTaken,
    );

  return new Hono<AppEnv>()
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
        // Over the new address's share of confirmation mails: the same answer, no token (docs/decisions.md: Mail
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

    .post(API_PATHS.confirmEmailChange.path, linkLimited, async (c) => {
      const { token } = await readJson(c, EmailChangeTokenRequestWire);
      const used = await consumeToken(deps, 'emailChange', token);
      const user = used && (await findUserById(db, used.userId));
      if (!used?.email || !user) throw fail('email_change_token_invalid_error');
      const oldEmail = user.email;
      // The link proved the new mailbox: an unconfirmed account is confirmed by it (the banner goes).
      // The new mailbox's owner's language is the account's from now on; the old address's notice keeps the old one.
      await setEmail(user.id, used.email, {
        confirmedAt: sql`coalesce(${users.confirmedAt}, ${clock.now().toISOString()}::timestamptz)`,
        locale: requestLocale(c),
      });
      // Confirmation links to the old address would confirm an address the account no longer has.
      await endTokens(deps, user.id, ['confirm']);
      forgetUserReads(deps, user.id);
      const undo = await issueToken(deps, { kind: 'emailUndo', userId: user.id, email: oldEmail });
      await sendSecurityNotice(c, deps, { email: oldEmail, locale: user.locale }, 'emailChanged', {
        screenName: user.screenName,
        newEmail: used.email,
        link: siteLink(config, EMAIL_UNDO_PAGE, { token: undo }),
      });
      const answer: EmailChangeAnswerWire = { email: used.email };
      return c.json(answer);
    })

    .post(API_PATHS.undoEmailChange.path, linkLimited, async (c) => {
      const { token } = await readJson(c, EmailChangeTokenRequestWire);
      const used = await consumeToken(deps, 'emailUndo', token);
      const user = used && (await findUserById(db, used.userId));
      if (!used?.email || !user) throw fail('email_change_token_invalid_error');
      if (await takenByOther(used.email, user.id)) throw fail('email_already_exist_error');
      await setEmail(user.id, used.email);
      // Whoever changed the address may still be signed in, or hold a pending change: all of it ends.
      await endTokens(deps, user.id, ['emailChange', 'reset', 'magic']);
      await endAllSessions(deps, user.id);
      const answer: EmailChangeAnswerWire = { email: used.email };
      return c.json(answer);
    });
};

/**
 * Security notices (docs/decisions/security.md: Security notices): one mail per security change, in the recipient's language
 * (the account's locale: an intruder's change must not reach the owner in the intruder's language; the request's
 * for an account from before locales were kept), telling what changed, when, from which browser, and with a link
 * for what to do if it was not them. Counted per recipient like every mail (recipientLimit.ts), so nobody can flood
 * a mailbox with notices.
 */
import type { Context } from 'hono';
import { LOCALES, type Locale } from '../../api/contract/limits';
import type { Database } from '../db/client';
import type { AppDeps, UserRow } from '../deps';
import { rememberSignInBrowser, type SignInBrowser } from '../security/seenBrowsers';
import { userAgentOf } from '../sessions';
import { siteLink } from '../siteLinks';
import { deviceLine } from '../userAgent';
import { requestLocale } from './locale';
import { type DeliverQueued, NOTHING_QUEUED, queueMail } from './queued';
import { mayMail } from './recipientLimit';
import { sendMail } from './send';
import type { MailTemplateVars } from './templates';

type NoticeTemplate =
  | 'passwordChanged'
  | 'emailChanged'
  | 'accountDeleted'
  | 'twoFactorEnabled'
  | 'recoveryCodesRegenerated'
  | 'newSignIn'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'twoFactorRemoved';

/** Where a notice's "it was not me" link leads for a password: asking for a reset link. */
export const RESET_PAGE_REQUEST = '/forgot_password';

/** "2026-01-15 09:00 UTC": one unambiguous form in every language. */
export const noticeTime = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Who a notice goes to: the address, and the account's language (null: not kept yet). */
type NoticeRecipient = Pick<UserRow, 'email' | 'locale'>;

/** The recipient's language where the account keeps one (a value of ours only), else the request's. */
const noticeLocale = (c: Context, recipient: NoticeRecipient): Locale =>
  LOCALES.find((locale) => locale === recipient.locale) ?? requestLocale(c);

/** What every notice adds to its own words: when, from which browser, and the language it goes in. */
const noticeContext = (c: Context, deps: AppDeps, recipient: NoticeRecipient) => ({
  when: noticeTime(deps.clock.now()),
  browser: deviceLine(c.req.header('user-agent') ?? null),
  locale: noticeLocale(c, recipient),
});

export const sendSecurityNotice = async <T extends NoticeTemplate>(
  c: Context,
  deps: AppDeps,
  recipient: NoticeRecipient,
  template: T,
  vars: Omit<MailTemplateVars[T], 'when' | 'browser'>,
): Promise<void> => {
  const to = recipient.email;
  if (!(await mayMail(deps, 'securityNotice', to))) return;
  const { when, browser, locale } = noticeContext(c, deps, recipient);
  await sendMail(deps, to, template, { ...vars, when, browser } as MailTemplateVars[T], locale);
};

/**
 * After a sign-in: remembers its browser and, when the account had not seen it, sends the notice
 * (docs/decisions/security.md: Security notices: a browser not seen before). An account's first sign-in (sign-up's session
 * included) sends none. Registration calls it too, so the browser that signed up is known. `remembered`: the
 * browser was remembered already, in the statement that started the session (a password login,
 * server/security/loginFinish.ts), and this is what the account knew of it.
 */
export const noticeSignInBrowser = async (
  c: Context,
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'email' | 'screenName' | 'locale'>,
  remembered?: SignInBrowser,
): Promise<void> => {
  const seen =
    remembered ?? (await rememberSignInBrowser(deps.db, user.id, userAgentOf(c), deps.clock.now()));
  if (seen !== 'new') return;
  await sendSecurityNotice(c, deps, user, 'newSignIn', {
    screenName: user.screenName,
    link: siteLink(deps.config, RESET_PAGE_REQUEST),
  });
};

/**
 * A passkey was added to the account: a way in without the password (docs/decisions/security.md: A notice for every way
 * in). Never the passkey's name: whoever added it chose it, and it must not speak to the owner in the site's voice.
 */
export const noticePasskeyAdded = (
  c: Context,
  deps: AppDeps,
  user: Pick<UserRow, 'email' | 'screenName' | 'locale'>,
): Promise<void> =>
  sendSecurityNotice(c, deps, user, 'passkeyAdded', {
    screenName: user.screenName,
    link: siteLink(deps.config, RESET_PAGE_REQUEST),
  });

/** A passkey was removed from the account; told by when it was added, not by its name (as above). */
export const noticePasskeyRemoved = (
  c: Context,
  deps: AppDeps,
  user: Pick<UserRow, 'email' | 'screenName' | 'locale'>,
  addedAt: Date,
): Promise<void> =>
  sendSecurityNotice(c, deps, user, 'passkeyRemoved', {
    screenName: user.screenName,
    link: siteLink(deps.config, RESET_PAGE_REQUEST),
    addedOn: noticeTime(addedAt),
  });

/** Two-factor was turned on, or set up again with a new authenticator (`again`). */
export const noticeTwoFactorEnabled = (
  c: Context,
  deps: AppDeps,
  user: Pick<UserRow, 'email' | 'screenName' | 'locale'>,
  again: boolean,
): Promise<void> =>
  sendSecurityNotice(c, deps, user, 'twoFactorEnabled', {
    screenName: user.screenName,
    link: siteLink(deps.config, RESET_PAGE_REQUEST),
    again,
  });

/**
 * A security notice to be written with its change, in the change's transaction (server/mail/queued.ts). Asked
 * before the transaction (the recipient's share of notices is counted outside it: on the embedded database a
 * second statement while a transaction holds the one connection would wait for ever); the answer writes the outbox
 * row into the transaction it is given and answers what delivers it once that committed. Past the share: nothing.
 */
export const securityNoticeFor = async <T extends NoticeTemplate>(
  c: Context,
  deps: AppDeps,
  recipient: NoticeRecipient,
  template: T,
): Promise<(tx: Database, vars: Omit<MailTemplateVars[T], 'when' | 'browser'>) => Promise<DeliverQueued>> => {
  const to = recipient.email;
  if (!(await mayMail(deps, 'securityNotice', to))) return async () => NOTHING_QUEUED;
  const { when, browser, locale } = noticeContext(c, deps, recipient);
  return (tx, vars) =>
    queueMail(deps, tx, to, template, { ...vars, when, browser } as MailTemplateVars[T], locale);
};

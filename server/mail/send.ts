/**
 * Sending a mail: written to the outbox table and the log first (so nothing is ever lost and the dev mailbox can
 * show it), then handed to the transport. A delivery failure is recorded on the outbox row, logged, and the mail is
 * tried again later (server/mail/outbox.ts); it never fails the call that sent the mail (the user would learn
 * nothing useful from it).
 * Every mail carries a live link (reset, magic, confirmation, invitation, set-password): whoever reads the outbox
 * could use it. So the outbox keeps the text only where the dev mailbox reads it (demo mode); elsewhere it keeps
 * who, what and when, without the body (docs/decisions/security.md: Tokens at rest).
 */
import { ne } from 'drizzle-orm';
import type { OrganisationBrand } from '../../api/contract/branding';
import type { Locale } from '../../api/contract/limits';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { AppDeps } from '../deps';
import { maskEmail } from '../logMask';
import { serverLog } from '../ops/logger';
import { mails } from '../ops/metrics';
import { keepForRetry } from './outbox';
import { type MailTemplate, type MailTemplateVars, renderMail } from './templates';

export type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;

/** What the outbox holds instead of a body outside demo mode. */
export const BODY_NOT_KEPT = '(not kept: the mail carried a live link)';

/** The copy the outbox keeps: the whole mail only where the dev mailbox reads it (demo mode), else no body. */
export const keptCopy = <M extends { text: string; html: string }>(deps: MailDeps, mail: M): M =>
  deps.config.mailbox ? mail : { ...mail, text: BODY_NOT_KEPT, html: BODY_NOT_KEPT };

/**
 * The mail's log line: which mail went, the address masked (server/logMask.ts); links carry live tokens, so they go
 * to the log only outside production.
 */
export const logMail = (
  deps: MailDeps,
  template: MailTemplate,
  to: string,
  link: string | undefined,
  subject: string,
): void => {
  if (deps.config.mailLog)
    serverLog().info(
      { event: 'mail', template, to: maskEmail(to), ...(deps.config.production ? {} : { link }) },
      subject,
    );
};

export const sendMail = async <T extends MailTemplate>(
  deps: MailDeps,
  to: string,
  template: T,
  vars: MailTemplateVars[T],
  locale: Locale,
  /** The organisation the mail is about (an invitation, a company-id welcome): its header and colour. */
  brand?: OrganisationBrand,
): Promise<void> => {
  const mail = renderMail(template, vars, locale, brand);
  const kept = keptCopy(deps, mail);
  const [row] = await deps.db
    .insert(mailOutbox)
    .values({ to, ...kept, template, locale, sentAt: deps.clock.now() })
    .returning({ id: mailOutbox.id });
  logMail(deps, template, to, vars.link, mail.subject);
  try {
    await deps.mailer.deliver({ to, ...mail });
    mails.inc({ kind: template, result: 'sent' });
  } catch (error) {
    // Kept, sealed, and tried again (server/mail/outbox.ts); the caller's answer does not change.
    if (row) await keepForRetry(deps, row.id, { to, ...mail }, template, error);
  }
};

/**
 * Blanks the bodies an outbox kept from before (a database once run in demo mode, or by an older version): started
 * without the dev mailbox, the server keeps no live link at rest, old mails included. Answers how many it blanked.
 */
export const forgetMailBodies = async (db: Database): Promise<number> => {
  const blanked = await db
    .update(mailOutbox)
    .set({ text: BODY_NOT_KEPT, html: BODY_NOT_KEPT })
    .where(ne(mailOutbox.text, BODY_NOT_KEPT))
    .returning({ id: mailOutbox.id });
  return blanked.length;
};

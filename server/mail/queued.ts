/**
 * A mail that belongs to a change (docs/decisions/security.md: Security changes are one transaction): its outbox row is
 * written inside the change's transaction, sealed and due, so the change and its mail commit together or not at
 * all. After the commit the caller delivers it at once; if the process ends first, the outbox's retries send it
 * (server/mail/outbox.ts) once the after-commit claim (CLAIM_MS) has passed, so it goes once, not twice.
 */
import { eq } from 'drizzle-orm';
import type { Locale } from '../../api/contract/limits';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { mails } from '../ops/metrics';
import { seal } from '../security/sealing';
import { keyRingOf } from '../security/serverKey';
import { bodyContext, CLAIM_MS, keepForRetry, markDelivered, OUTBOX_KEEP_TRYING_MS } from './outbox';
import { keptCopy, logMail, type MailDeps } from './send';
import { type MailTemplate, type MailTemplateVars, renderMail } from './templates';

/** Delivers a queued mail after its transaction committed; never throws (a failure waits for a retry). */
export type DeliverQueued = () => Promise<void>;

export const NOTHING_QUEUED: DeliverQueued = async () => {};

export const queueMail = async <T extends MailTemplate>(
  deps: MailDeps,
  tx: Database,
  to: string,
  template: T,
  vars: MailTemplateVars[T],
  locale: Locale,
): Promise<DeliverQueued> => {
  const mail = renderMail(template, vars, locale);
  const kept = keptCopy(deps, mail);
  const now = deps.clock.now();
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to,
      ...kept,
      template,
      locale,
      sentAt: now,
      // Held for the delivery right after the commit; the retries take it only if that never happens.
      nextAttemptAt: new Date(now.getTime() + CLAIM_MS),
      expiresAt: new Date(now.getTime() + OUTBOX_KEEP_TRYING_MS),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('the outbox row was not written');
  const body = JSON.stringify({ text: mail.text, html: mail.html });
  await tx
    .update(mailOutbox)
    .set({ sealedBody: seal(keyRingOf(deps.config), body, bodyContext(row.id)) })
    .where(eq(mailOutbox.id, row.id));
  return async () => {
    logMail(deps, template, to, vars.link, mail.subject);
    try {
      await deps.mailer.deliver({ to, ...mail });
    } catch (error) {
      await keepForRetry(deps, row.id, { to, ...mail }, template, error).catch(() => undefined);
      return;
    }
    mails.inc({ kind: template, result: 'sent' });
    await markDelivered(deps, row.id).catch(() => undefined);
  };
};

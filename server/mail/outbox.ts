/**
 * Mail the SMTP server did not take stays in the outbox and is tried again (docs/decisions/operations.md: Mail outbox): with
 * backoff (30 s, doubling, at most 10 min between tries) until it goes or an hour has passed (the life of a reset
 * link: a later mail would carry a dead link). While it waits, its text and HTML are sealed under the server key
 * (server/security/sealing.ts, bound to the row), and blanked once sent or given up: no usable link rests in the
 * database in the clear (docs/security.md: Mail outbox).
 *
 * Several processes (WORKERS) retry from the same table: a try first claims its row in one conditional UPDATE
 * (FOR UPDATE SKIP LOCKED, and the due condition checked again on the row it locks), which moves the row's next
 * try past the end of this one; so one process, and one only, sends it.
 */
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { recoverFrom } from '../db/client';
import { mailOutbox } from '../db/schema';
import { errorForLog, maskEmail, maskForLog } from '../logMask';
import { serverLog } from '../ops/logger';
import { mails } from '../ops/metrics';
import { openOrNull, seal } from '../security/sealing';
import { keyRingOf } from '../security/serverKey';
import type { MailDeps } from './send';
import type { OutgoingMail } from './transport';

/** How long a mail is tried for, from its first failed try. */
export const OUTBOX_KEEP_TRYING_MS = 60 * 60_000;
/** A claimed try holds its row this long: past the SMTP time-outs of one try (server/mail/transport.ts). */
export const CLAIM_MS = 2 * 60_000;
/** How often each process looks for mail that is due. */
export const OUTBOX_RETRY_EVERY_MS = 15_000;
/** Tries per round and process, each claimed just before it starts: a backlog drains over a few rounds. */
const BATCH = 20;

/** Waiting time before try n + 1: 30 s, 1 min, 2 min, ... at most 10 min. */
export const backoffMs = (attempts: number): number =>
  Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 600_000);

export const bodyContext = (id: number): string => `mail_outbox:body:${id}`;

type Body = Pick<OutgoingMail, 'text' | 'html'>;

/** The first try failed: the mail waits, sealed, for the next. */
export const keepForRetry = async (
  deps: MailDeps,
  id: number,
  mail: OutgoingMail,
  template: string,
  error: unknown,
): Promise<void> => {
  const now = deps.clock.now();
  const message = error instanceof Error ? error.message : String(error);
  const body: Body = { text: mail.text, html: mail.html };
  await deps.db
    .update(mailOutbox)
    .set({
      deliveryError: message,
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + backoffMs(1)),
      expiresAt: new Date(now.getTime() + OUTBOX_KEEP_TRYING_MS),
      sealedBody: seal(keyRingOf(deps.config), JSON.stringify(body), bodyContext(id)),
    })
    .where(eq(mailOutbox.id, id));
  mails.inc({ kind: template, result: 'failed' });
  serverLog().warn(
    {
      event: 'mail_kept_for_retry',
      template,
      to: maskEmail(mail.to),
      attempts: 1,
      error: maskForLog(message),
    },
    'mail delivery failed: kept in the outbox for a retry',
  );
};

/** A mail went: its sealed body is blanked and it waits for nothing more. */
export const markDelivered = async ({ db }: MailDeps, id: number): Promise<void> => {
  await db
    .update(mailOutbox)
    .set({ sealedBody: null, nextAttemptAt: null, deliveryError: null })
    .where(eq(mailOutbox.id, id));
};

/** Claims the next due mail for this process (see the file's comment), or none. */
const claimNext = async ({ db, clock }: MailDeps) => {
  const now = clock.now();
  const due = and(
    isNotNull(mailOutbox.sealedBody),
    lte(mailOutbox.nextAttemptAt, now),
    gt(mailOutbox.expiresAt, now),
  );
  const candidates = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due)
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(inArray(mailOutbox.id, candidates), due))
    .returning();
  return row;
};

/** Gives up mails past their hour: body blanked, counted and logged. */
const expireOld = async ({ db, clock }: MailDeps): Promise<void> => {
  const expired = await db
    .update(mailOutbox)
    .set({ sealedBody: null, nextAttemptAt: null })
    .where(and(isNotNull(mailOutbox.sealedBody), lte(mailOutbox.expiresAt, clock.now())))
    .returning({ to: mailOutbox.to, template: mailOutbox.template, attempts: mailOutbox.attempts });
  for (const row of expired) {
    mails.inc({ kind: row.template, result: 'expired' });
    serverLog().error(
      { event: 'mail_expired', template: row.template, to: maskEmail(row.to), attempts: row.attempts },
      'mail given up: not delivered within its hour',
    );
  }
};

/** One round: expires what is too old, then tries what is due. Answers how many went. */
export const retryOutbox = async (deps: MailDeps): Promise<number> => {
  await expireOld(deps);
  let sent = 0;
  for (let tries = 0; tries < BATCH; tries += 1) {
    const row = await claimNext(deps);
    if (!row) break;
    const opened = row.sealedBody && openOrNull(keyRingOf(deps.config), row.sealedBody, bodyContext(row.id));
    // A body no configured key opens cannot be sent: given up like an expired one.
    const body = opened ? (JSON.parse(opened) as Body) : null;
    try {
      if (!body) throw new Error('the kept body does not open with the server key');
      await deps.mailer.deliver({ to: row.to, subject: row.subject, ...body });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = body ? new Date(deps.clock.now().getTime() + backoffMs(row.attempts)) : null;
      await deps.db
        .update(mailOutbox)
        .set({ deliveryError: message, nextAttemptAt: retry, ...(body ? {} : { sealedBody: null }) })
        .where(eq(mailOutbox.id, row.id));
      mails.inc({ kind: row.template, result: 'failed' });
      serverLog().warn(
        {
          event: 'mail_retry_failed',
          template: row.template,
          to: maskEmail(row.to),
          attempts: row.attempts,
          error: maskForLog(message),
        },
        'mail delivery failed again',
      );
      continue;
    }
    await markDelivered(deps, row.id);
    mails.inc({ kind: row.template, result: 'sent' });
    serverLog().info(
      { event: 'mail_delivered_late', template: row.template, to: maskEmail(row.to), attempts: row.attempts },
      'mail delivered from the outbox',
    );
    sent += 1;
  }
  return sent;
};

/**
 * Retries every `everyMs` until the answered timer is cleared; unref'd, and a failed round (the database away) is
 * logged and the next one tries again (as server/uploadSweep.ts).
 */
export const startOutboxRetries = (deps: MailDeps, everyMs = OUTBOX_RETRY_EVERY_MS): NodeJS.Timeout => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    retryOutbox(deps)
      .catch((error: unknown) => {
        recoverFrom(deps.db, error);
        serverLog().error(
          { event: 'mail_outbox_failed', error: errorForLog(error) },
          'mail outbox round failed',
        );
      })
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return timer.unref();
};

/**
 * GET /api/dev/mailbox?to=<email> (outside production only; app.ts mounts it when config.mailbox is on):
 * the mails sent to an address, newest first, with every URL they contain, so tests and developers can follow
 * reset, magic, confirmation and invitation links without an SMTP server.
 */
import { desc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { EmailSchema } from '../../api/contract/common';
import { mailOutbox } from '../db/schema';
import type { AppDeps, AppEnv } from '../deps';
import { readQuery } from '../http/validate';

export const DEV_MAILBOX_PATH = '/api/dev/mailbox';

const MailboxQuery = v.object({ to: EmailSchema });

const decodeEntities = (html: string): string =>
  html
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

/** Every http(s) URL in the text and HTML parts, in order, without repeats (sentence punctuation left out). */
export const linksOf = (text: string, html: string): string[] => {
  const found = `${text}\n${decodeEntities(html)}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?)]+$/, '')))];
};

export const devRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>().get(DEV_MAILBOX_PATH, async (c) => {
    const { to } = readQuery(c, MailboxQuery);
    const rows = await deps.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
      .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id));
    return c.json(
      rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        links: linksOf(row.text, row.html),
        sentAt: row.sentAt.toISOString(),
      })),
    );
  });

/**
 * SMTP down survived (docs/decisions/operations.md: Mail outbox): against a real SMTP server (smtp-server) that the test stops
 * and starts, a reset request answers as usual while the mail server is away, the mail waits in the outbox sealed
 * (no usable link in the clear), and it arrives once the server is back, exactly once although two processes retry
 * at the same time; a mail not delivered within its hour is given up. Runs on PGlite and on Postgres (where the
 * second process has a connection of its own, and nothing of the first process's memory).
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { type Database, openDatabase } from '../db/client';
import { mailOutbox } from '../db/schema';
import { type CapturedLog, captureLog } from '../test/capturedLog';
import { createUser } from '../test/fixtures';
import { metricValue } from '../test/metrics';
import { createTestApp, type TestApp } from '../test/testApp';
import { backoffMs, OUTBOX_KEEP_TRYING_MS, retryOutbox } from './outbox';
import { BODY_NOT_KEPT } from './send';
import { smtpTransport } from './transport';

/** A real SMTP server on a fixed loopback port, stopped and started again by the test; messages kept in memory. */
const smtpServer = (received: string[]) => {
  let server: SMTPServer | undefined;
  let port = 0;
  const start = async () => {
    if (server) return;
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    const running = server;
    port = await new Promise<number>((resolve, reject) => {
      running.once('error', reject);
      running.listen(port, '127.0.0.1', () => resolve((running.server.address() as AddressInfo).port));
    });
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = undefined;
      if (running) running.close(() => resolve());
      else resolve();
    });
  return { start, stop, url: () => `smtp://127.0.0.1:${port}` };
};

const deliveries = (kind: string, result: string): Promise<number> =>
  metricValue('mail_deliveries_total', { kind, result });

const received: string[] = [];
const smtp = smtpServer(received);
let t: TestApp;
/** Another process on the same database: its own connection on Postgres. */
let second: { db: Database; close: () => Promise<void> };
let log: CapturedLog;

beforeAll(async () => {
  await smtp.start();
  // Production's way with bodies: no dev mailbox, so the outbox keeps no text in the clear.
  t = await createTestApp({
    config: { mailbox: false },
    mailer: smtpTransport(smtp.url(), 'account@site.test'),
  });
  second = t.databaseUrl
    ? await openDatabase({ databaseUrl: t.databaseUrl })
    : { db: t.db, close: async () => {} };
}, 60_000);
beforeEach(async () => {
  await t.reset();
  received.length = 0;
  log = captureLog();
});
afterEach(async () => {
  log.restore();
  await smtp.start(); // running again for the next test
});
afterAll(async () => {
  await second.close();
  await t.close();
  await smtp.stop();
});

const outboxRow = async () => {
  const [row] = await t.db.select().from(mailOutbox);
  if (!row) throw new Error('no outbox row');
  return row;
};

describe('SMTP down', () => {
  it('keeps the mail sealed, answers as usual, and delivers it exactly once when the server is back', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    const asked = () => t.client().post(API_PATHS.forgotPassword.path, { email });
    const failedBefore = await deliveries('reset', 'failed');

    await smtp.stop();
    const whileDown = await asked();
    expect(whileDown.status).toBe(200);

    const waiting = await outboxRow();
    expect(waiting).toMatchObject({ attempts: 1, text: BODY_NOT_KEPT, html: BODY_NOT_KEPT });
    expect(waiting.sealedBody).toMatch(/^v2\./);
    expect(JSON.stringify(waiting)).not.toMatch(/token=/);
    expect(await deliveries('reset', 'failed')).toBe(failedBefore + 1);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ event: 'mail_kept_for_retry', template: 'reset' }),
    );
    expect(JSON.stringify(log.lines())).not.toContain(email);

    // Still down at the next try: tried again, later.
    t.clock.advance(backoffMs(1));
    expect(await retryOutbox(t.deps)).toBe(0);
    expect((await outboxRow()).attempts).toBe(2);

    await smtp.start();
    // Not yet due: nothing is sent before its time.
    expect(await retryOutbox(t.deps)).toBe(0);
    t.clock.advance(backoffMs(2));
    // Two processes retry at once: one sends.
    const sent = await Promise.all([retryOutbox(t.deps), retryOutbox({ ...t.deps, db: second.db })]);
    expect(sent.sort()).toEqual([0, 1]);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain(`To: ${email}`);
    const link = /http:\/\/site\.test\/\S*token=[\w-]+/.exec(received[0]?.replace(/=\r\n/g, '') ?? '')?.[0];
    expect(link).toBeDefined();

    // Sent: the sealed body is gone, and later rounds send nothing again.
    const done = await outboxRow();
    expect(done).toMatchObject({ sealedBody: null, nextAttemptAt: null, deliveryError: null, attempts: 3 });
    t.clock.advance(OUTBOX_KEEP_TRYING_MS);
    expect(await retryOutbox(t.deps)).toBe(0);
    expect(received).toHaveLength(1);

    // The same call with the server up answers the same.
    const whileUp = await asked();
    expect([whileUp.status, whileUp.body]).toEqual([whileDown.status, whileDown.body]);
  }, 60_000);

  it('gives a mail up after its hour: body blanked, counted, logged, never sent', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await smtp.stop();
    await t.client().post(API_PATHS.forgotPassword.path, { email });
    const expiredBefore = await deliveries('reset', 'expired');
    await smtp.start();

    t.clock.advance(OUTBOX_KEEP_TRYING_MS);
    expect(await retryOutbox(t.deps)).toBe(0);
    const row = await outboxRow();
    expect(row).toMatchObject({ sealedBody: null, nextAttemptAt: null });
    expect(received).toEqual([]);
    expect(await deliveries('reset', 'expired')).toBe(expiredBefore + 1);
    expect(log.lines()).toContainEqual(expect.objectContaining({ event: 'mail_expired', template: 'reset' }));
  }, 60_000);

  it('a mail sealed for one row does not open as another row’s', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await smtp.stop();
    await t.client().post(API_PATHS.forgotPassword.path, { email });
    await t.client().post(API_PATHS.forgotPassword.path, { email });
    await smtp.start();
    const [first, other] = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    if (!first || !other) throw new Error('two mails expected');
    // A copied body: the row it was sealed for is named inside, so it does not open and is never sent.
    await t.db.update(mailOutbox).set({ sealedBody: first.sealedBody }).where(eq(mailOutbox.id, other.id));
    t.clock.advance(backoffMs(1));
    expect(await retryOutbox(t.deps)).toBe(1);
    expect(received).toHaveLength(1);
    const [, given] = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(given).toMatchObject({ sealedBody: null, nextAttemptAt: null });
  }, 60_000);
});

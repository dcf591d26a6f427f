/**
 * docs/decisions/security.md: Security changes are one transaction. A notice queued in a change's transaction goes
 * with it or not at all: rolled back, nothing is kept or sent; committed, it is delivered once, right after the
 * commit, or, if the process ended before that, by the outbox's retries once the after-commit claim has passed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import type { AppDeps } from '../deps';
import { createTestApp, type TestApp } from '../test/testApp';
import { CLAIM_MS, retryOutbox } from './outbox';
import { queueMail } from './queued';
import type { OutgoingMail } from './transport';

let t: TestApp;
let delivered: OutgoingMail[];
let deps: AppDeps;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  delivered = [];
  deps = { ...t.deps, mailer: { deliver: async (mail) => void delivered.push(mail) } };
});
afterAll(() => t.close());

const vars = {
  screenName: 'Ada',
  link: 'http://site.test/forgot_password',
  when: '2026-01-15 09:00 UTC',
  browser: 'Firefox on Linux',
};
const queue = (tx: Parameters<typeof queueMail>[1]) =>
  queueMail(deps, tx, 'ada@example.com', 'passwordChanged', vars, 'en-US');

describe('a mail queued with its change', () => {
  it('is neither kept nor sent when the transaction rolls back', async () => {
    const failed = t.db.transaction(async (tx) => {
      await queue(tx);
      throw new Error('the change failed after its notice was queued');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
    expect(await retryOutbox(deps)).toBe(0);
    expect(delivered).toHaveLength(0);
  });

  it('is delivered once right after the commit, and its sealed body is then blanked', async () => {
    const deliver = await t.db.transaction((tx) => queue(tx));
    await deliver();
    expect(delivered.map((mail) => mail.to)).toEqual(['ada@example.com']);
    const [row] = await t.db.select().from(mailOutbox);
    expect(row?.sealedBody).toBeNull();
    expect(row?.nextAttemptAt).toBeNull();
    t.clock.advance(CLAIM_MS + 1);
    expect(await retryOutbox(deps)).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it('is sent by the retries when the process ended between the commit and the delivery, once', async () => {
    await t.db.transaction((tx) => queue(tx)); // the delivery is never called: the process "ended"
    const [row] = await t.db.select().from(mailOutbox);
    // Nothing of it rests in the clear outside demo mode's mailbox: the body waits sealed.
    expect(row?.sealedBody).toMatch(/\S/);
    expect(row?.sealedBody).not.toContain('forgot_password');
    // Held for the delivery after the commit...
    expect(await retryOutbox(deps)).toBe(0);
    // ...then sent once by the retries.
    t.clock.advance(CLAIM_MS + 1);
    expect(await retryOutbox(deps)).toBe(1);
    expect(await retryOutbox(deps)).toBe(0);
    expect(delivered).toHaveLength(1);
    const [after] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.id ?? 0));
    expect(after?.sealedBody).toBeNull();
  });
});

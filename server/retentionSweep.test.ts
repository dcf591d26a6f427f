/**
 * Retention (docs/security.md: Nothing usable at rest; docs/decisions/security.md: Retention): the outbox forgets a mail's
 * address and subject after 30 days and a deleted account's mails at once; an expired remembered device goes; the counting rows go once their window is
 * over, and their keys hold no calling address and no e-mail, in clear or as a plain sha-256.
 */
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { mailOutbox, rateLimits, rememberedDevices } from './db/schema';
import { DatabaseRateLimiter, DEFAULT_RATE_LIMITS } from './rateLimit';
import { sweepRetention } from './retentionSweep';
import { sha256Hex } from './security/crypto';
import { createUser, signedInUser } from './test/fixtures';
import { createTestApp, type TestApp } from './test/testApp';

const DAY = 24 * 60 * 60_000;
const CALLER = '203.0.113.77';

let t: TestApp;
beforeAll(async () => {
  // Limits counted in the database, as on Postgres; addresses from X-Forwarded-For, as behind a proxy.
  t = await createTestApp({
    config: { rateLimits: DEFAULT_RATE_LIMITS, trustProxy: true },
    rateLimitsInDatabase: true,
  });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const from = (address: string) => t.client({ 'x-forwarded-for': address });
const outboxTo = async (address: string) =>
  (await t.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${address})`)).map(
    (row) => row.template,
  );
const keys = async () => (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);

describe('the mail outbox', () => {
  it('forgets a mail (address and subject) 30 days after it was written, and keeps the younger ones', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await from(CALLER).post(API_PATHS.forgotPassword.path, { email });
    t.clock.advance(29 * DAY);
    await from(CALLER).post(API_PATHS.forgotPassword.path, { email });
    await sweepRetention(t);
    expect(await outboxTo(email)).toHaveLength(2);
    t.clock.advance(DAY + 60_000);
    await sweepRetention(t);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it('forgets the mails to a deleted account’s address at once, all but the last notice', async () => {
    const { email, client } = await signedInUser(t);
    await from(CALLER).post(API_PATHS.forgotPassword.path, { email: email.toUpperCase() });
    expect(await outboxTo(email)).not.toEqual([]);
    const other = await createUser(t.db, {}, t.clock.now());
    await from(CALLER).post(API_PATHS.forgotPassword.path, { email: other.email });
    const deleted = await client.delete(API_PATHS.deleteAccount.path, { json: { confirmation: email } });
    expect(deleted.status).toBe(200);
    expect(await outboxTo(email)).toEqual(['accountDeleted']);
    // Another account's mails stay.
    expect(await outboxTo(other.email)).not.toEqual([]);
  });
});

describe('the remembered devices', () => {
  it('go once they have expired (30 days by default), and not before', async () => {
    const { user } = await createUser(t.db, {}, t.clock.now());
    const remembered = (tokenHash: string, days: number) => ({
      tokenHash,
      userId: user.id,
      credentialEpoch: 0,
      expiresAt: new Date(t.clock.now().getTime() + days * DAY),
    });
    await t.db
      .insert(rememberedDevices)
      .values([remembered('a'.repeat(64), 30), remembered('b'.repeat(64), 31)]);
    const left = async () =>
      (await t.db.select({ hash: rememberedDevices.tokenHash }).from(rememberedDevices)).map(
        (row) => row.hash,
      );
    t.clock.advance(30 * DAY - 60_000);
    await sweepRetention(t);
    expect((await left()).sort()).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
    t.clock.advance(2 * 60_000);
    await sweepRetention(t);
    expect(await left()).toEqual(['b'.repeat(64)]);
  });
});

describe('the counting rows', () => {
  it('hold no calling address and no e-mail, in clear or as a plain sha-256', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    const caller = from(CALLER);
    await caller.post(API_PATHS.login.path, { email, pwd: 'not the password' });
    await caller.post(API_PATHS.login.path, { email: 'nobody@example.com', pwd: 'not the password' });
    await caller.post(API_PATHS.forgotPassword.path, { email });
    const stored = await keys();
    // The login's rate limit, the address's and the unknown e-mail's lockout counts, the mail per recipient.
    expect(stored.filter((key) => key.startsWith('login '))).toHaveLength(1);
    expect(stored.filter((key) => key.startsWith('lockout-address '))).toHaveLength(2);
    expect(stored.filter((key) => key.startsWith('lockout-account '))).toHaveLength(1);
    expect(stored.filter((key) => key.startsWith('persistent:mail:'))).not.toEqual([]);
    const text = stored.join('\n');
    for (const secret of [
      CALLER,
      email,
      'nobody@example.com',
      sha256Hex(email),
      sha256Hex('nobody@example.com'),
    ])
      expect(text).not.toContain(secret);
  });

  it('count on the same rows from every process: a limit holds across two limiters on one database', async () => {
    // Two processes of one deployment: the same server key, the same database.
    const first = new DatabaseRateLimiter(t.db, DEFAULT_RATE_LIMITS, t.clock);
    const second = new DatabaseRateLimiter(t.db, DEFAULT_RATE_LIMITS, t.clock);
    const { max } = DEFAULT_RATE_LIMITS.forgotPassword;
    for (let call = 0; call < max; call += 1)
      expect(await (call % 2 === 0 ? first : second).hit('forgotPassword', CALLER)).toBeNull();
    expect(await first.hit('forgotPassword', CALLER)).not.toBeNull();
    expect(await second.hit('forgotPassword', CALLER)).not.toBeNull();
    expect((await keys()).filter((key) => key.startsWith('forgotPassword '))).toHaveLength(1);
  });

  it('go once their window (and lock) is over, by the timer’s sweep, and not before', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await from(CALLER).post(API_PATHS.login.path, { email, pwd: 'not the password' });
    await from(CALLER).post(API_PATHS.forgotPassword.path, { email });
    const before = await keys();
    t.clock.advance(30_000);
    await sweepRetention(t);
    expect((await keys()).sort()).toEqual(before.sort());
    // The minute windows are over: the login's and forgot password's rate limits go.
    t.clock.advance(60_000);
    await sweepRetention(t);
    expect(
      (await keys()).filter((key) => !key.startsWith('lockout-') && !key.startsWith('persistent:')),
    ).toEqual([]);
    expect(await t.db.select().from(rateLimits).where(like(rateLimits.key, 'lockout-%'))).not.toEqual([]);
    // The lockout counts after their hour and the lock's; the mail per recipient after its day.
    t.clock.advance(2 * 60 * 60_000);
    await sweepRetention(t);
    expect((await keys()).filter((key) => key.startsWith('lockout-'))).toEqual([]);
    t.clock.advance(DAY);
    await sweepRetention(t);
    expect(await keys()).toEqual([]);
  });
});

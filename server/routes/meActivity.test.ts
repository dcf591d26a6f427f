/**
 * The account's recent security activity (docs/decisions/security.md: Security activity): sign-ins by method with
 * browser and system, security changes, paging, only the account's own rows, no address, 90 days' retention.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { SecurityActivityAnswerWire } from '../../api/contract/securityActivity';
import { securityActivity } from '../db/schema';
import { sweepRetention } from '../retentionSweep';
import {
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  giveRecoveryCodes,
  signedInUser,
  signIn,
} from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const ACTIVITY = API_PATHS.getSecurityActivity.path;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const DAY = 24 * 60 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: true } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const activity = async (client: ReturnType<TestApp['client']>, page?: string) => {
  const response = await client.get(ACTIVITY, page === undefined ? {} : { query: { page } });
  expect(response.status).toBe(200);
  return v.parse(SecurityActivityAnswerWire, response.body);
};

describe('GET /api/me/security-activity', () => {
  it('lists a sign-in from another browser with its method, browser, system and time, newest first', async () => {
    const { client, email } = await signedInUser(t);
    t.clock.advance(60_000);
    const laptop = t.client({ 'user-agent': FIREFOX, 'x-forwarded-for': '198.51.100.23' });
    await signIn(laptop, email);
    const { entries, page, hasMore } = await activity(client);
    expect(page).toBe(1);
    expect(hasMore).toBe(false);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      kind: 'sign_in',
      method: 'password',
      browser: 'Firefox 128',
      system: 'Linux',
      at: t.clock.now().toISOString(),
    });
    // No address is kept: the table has no column for one, and the answer names none.
    expect(JSON.stringify(entries)).not.toContain('198.51.100.23');
    expect(Object.keys(securityActivity)).not.toContain('ip');
  });

  it('tells a code, a recovery code and a magic link apart', async () => {
    const { user, email, totpSecret } = await createUser(t.db, { totpSecret: true }, t.clock.now());
    const [recoveryCode] = await giveRecoveryCodes(t.db, user.id, t.clock.now());
    const client = t.client();
    const answer = await client.post(API_PATHS.login.path, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: currentCode(t, totpSecret ?? ''),
    });
    expect(answer.status).toBe(200);
    t.clock.advance(1000);
    const recovered = await t.client().post(API_PATHS.login.path, {
      email,
      pwd: DEFAULT_PASSWORD,
      recoveryOtp: recoveryCode,
    });
    expect(recovered.status).toBe(200);
    t.clock.advance(1000);
    const { user: other, email: otherEmail } = await createUser(t.db, {}, t.clock.now());
    await t.client().post(API_PATHS.forgotPassword.path, { email: otherEmail, generateMagicLink: true });
    const token = new URL(await t.lastLink(otherEmail)).searchParams.get('magicLinkToken');
    const linked = t.client();
    expect((await linked.post(API_PATHS.exchangeMagicLink.path, { token })).status).toBe(200);
    const methods = (await activity(client)).entries.map((entry) => entry.method);
    expect(methods).toEqual(['recovery_code', 'password_code']);
    expect((await activity(linked)).entries.map((entry) => entry.method)).toEqual(['magic_link']);
    expect(other.id).not.toBe(user.id);
  });

  it('records a security change in its own transaction: a password change, then sign out everywhere', async () => {
    const { client } = await signedInUser(t);
    expect(
      (await client.post(API_PATHS.changePassword.path, { pwd: 'a new and long passphrase 7' })).status,
    ).toBe(200);
    t.clock.advance(1000);
    expect((await client.delete(API_PATHS.endOtherSessions.path)).status).toBe(200);
    const kinds = (await activity(client)).entries.map((entry) => [entry.kind, entry.method]);
    // The password change's new session is no sign-in: only the first login is one.
    expect(kinds).toEqual([
      ['signed_out_everywhere', null],
      ['password_changed', null],
      ['sign_in', 'password'],
    ]);
  });

  it('answers 15 rows a page, newest first, and whether an older page follows', async () => {
    const { client, email } = await signedInUser(t);
    for (let index = 0; index < 16; index += 1) {
      t.clock.advance(1000);
      await signIn(t.client(), email);
    }
    const first = await activity(client, '1');
    expect(first.entries).toHaveLength(15);
    expect(first.hasMore).toBe(true);
    const second = await activity(client, '2');
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.entries).toHaveLength(2);
    const times = [...first.entries, ...second.entries].map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await activity(client, '3')).entries).toEqual([]);
  });

  it("shows only the signed-in account's own rows, and nothing without a session", async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    await signIn(t.client({ 'user-agent': FIREFOX }), bob.email);
    expect((await activity(alice.client)).entries).toHaveLength(1);
    expect((await activity(bob.client)).entries).toHaveLength(2);
    expect((await t.client().get(ACTIVITY)).status).toBe(401);
  });

  it('refuses a page that is no positive number up to 1000 with 400', async () => {
    const { client } = await signedInUser(t);
    for (const page of ['0', '-1', 'x', '1.5', '1001', '99999999999999999999', '']) {
      const response = await client.get(ACTIVITY, { query: { page } });
      expect(response.status, page).toBe(400);
    }
    expect((await activity(client, '1000')).entries).toEqual([]);
  });

  it('keeps rows 90 days: the retention sweep deletes older ones', async () => {
    const { email, user } = await signedInUser(t);
    const first = t.clock.now().toISOString();
    const rowsOf = async () =>
      (
        await t.db
          .select()
          .from(securityActivity)
          .where(eq(securityActivity.userId, user.id))
          .orderBy(securityActivity.at)
      ).map((row) => row.at.toISOString());
    t.clock.advance(89 * DAY);
    await signIn(t.client(), email);
    const second = t.clock.now().toISOString();
    await sweepRetention(t);
    expect(await rowsOf()).toEqual([first, second]);
    t.clock.advance(DAY + 60_000);
    await sweepRetention(t);
    expect(await rowsOf()).toEqual([second]);
  });
});

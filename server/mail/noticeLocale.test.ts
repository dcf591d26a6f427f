/**
 * docs/decisions/security.md Security notices and Languages: a notice goes in the account's own language, kept from the
 * request that made the account and from each proof of its mailbox, never in the language of whoever made the change;
 * a mail answering a request goes in the language the visitor chose on the site before the browser's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { users } from '../db/schema';
import { createUser, DEFAULT_PASSWORD, signIn } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const RUSSIAN = { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const localeOf = async (email: string) =>
  (await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;

describe("security notices in the account's language", () => {
  it('a sign-up keeps the language it was made in', async () => {
    const answer = await t
      .client({ 'accept-language': 'de-AT,de;q=0.9' })
      .post(API_PATHS.registerCurator.path, {
        email: 'greta@example.com',
        pwd: 'secret-5',
        screenName: 'Greta',
        channelName: 'Morgenpost',
        subdomain: 'morgenpost',
      });
    expect(answer.status).toBe(200);
    expect(await localeOf('greta@example.com')).toBe('de-DE');
  });

  it('a change made from a browser in another language reaches the owner in theirs', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await t.db.update(users).set({ locale: 'de-DE' }).where(eq(users.email, email));
    const intruder = t.client();
    await signIn(intruder, email, DEFAULT_PASSWORD);
    const changed = await intruder.post(
      API_PATHS.changePassword.path,
      { pwd: 'a brand new passphrase' },
      RUSSIAN,
    );
    expect(changed.status).toBe(200);
    const [notice] = await t.mailbox(email);
    expect(notice?.template).toBe('passwordChanged');
    expect(notice?.locale).toBe('de-DE');
    expect(notice?.subject).toBe('Ihr Passwort wurde geändert');
  });

  it("an account from before languages were kept gets the request's", async () => {
    const { email, client } = await (async () => {
      const created = await createUser(t.db, {}, t.clock.now());
      const signed = t.client();
      await signIn(signed, created.email, created.password);
      return { email: created.email, client: signed };
    })();
    expect(await localeOf(email)).toBeNull();
    await client.post(API_PATHS.changePassword.path, { pwd: 'a brand new passphrase' }, RUSSIAN);
    expect((await t.mailbox(email))[0]?.locale).toBe('ru-RU');
  });

  it("a password set from a mailed link makes the link's reader's language the account's", async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    const reader = t.client();
    reader.cookies.set('locale', 'pl-PL');
    await reader.post(API_PATHS.forgotPassword.path, { email });
    const [mail] = await t.mailbox(email);
    const token = new URL(mail?.links[0] ?? '').searchParams.get('token') ?? '';
    const reset = await reader.post(
      API_PATHS.setNewPassword.path,
      { pwd: 'a brand new passphrase' },
      { query: { token } },
    );
    expect(reset.status).toBe(200);
    expect(await localeOf(email)).toBe('pl-PL');
  });
});

describe('the language a visitor chose on the site', () => {
  it("comes before the browser's for a mail answering their request", async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    const visitor = t.client({ 'accept-language': 'de-DE' });
    visitor.cookies.set('locale', 'ro-RO');
    await visitor.post(API_PATHS.forgotPassword.path, { email });
    expect((await t.mailbox(email))[0]?.locale).toBe('ro-RO');
  });
});

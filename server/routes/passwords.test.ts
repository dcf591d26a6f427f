import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { tokens, users } from '../db/schema';
import {
  addOrganisationRole,
  createOrganisation,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
} from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { LIVE_TOKENS_PER_KIND } from '../tokens';

const FORGOT = API_PATHS.forgotPassword.path;
const SET = API_PATHS.setNewPassword.path;
const MAGIC = API_PATHS.exchangeMagicLink.path;
const LOGIN = API_PATHS.login.path;
const ME = API_PATHS.getMe.path;
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const newUser = (fixture: Parameters<typeof createUser>[1] = {}) => createUser(t.db, fixture, t.clock.now());

/** Asks for a reset mail and answers the token from its link. */
const resetToken = async (email: string): Promise<string> => {
  expect((await t.client().post(FORGOT, { email })).status).toBe(200);
  const link = new URL(await t.lastLink(email));
  expect(link.origin + link.pathname).toBe('http://site.test/forgot_password_set');
  return link.searchParams.get('token') ?? '';
};

const magicToken = async (email: string): Promise<string> => {
  expect((await t.client().post(FORGOT, { email, generateMagicLink: true })).status).toBe(200);
  const link = new URL(await t.lastLink(email));
  expect(link.origin + link.pathname).toBe('http://site.test/me');
  return link.searchParams.get('magicLinkToken') ?? '';
};

describe('POST /api/forgot_password', () => {
  it('mails a reset link with a 32-byte token stored only as a hash', async () => {
    const { email } = await newUser();
    const token = await resetToken(email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [stored] = await t.db.select().from(tokens);
    expect(stored?.kind).toBe('reset');
    expect(stored?.tokenHash).not.toBe(token);
    expect((stored?.expiresAt.getTime() ?? 0) - t.clock.now().getTime()).toBe(60 * MINUTE);
    expect(t.delivered).toHaveLength(1);
  });

  it('answers email_not_found_error for an unknown address and sends nothing', async () => {
    const response = await t.client().post(FORGOT, { email: 'nobody@example.com' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'email_not_found_error' });
    expect(await t.mailbox('nobody@example.com')).toEqual([]);
  });

  it('answers a FieldValidationError for a missing e-mail', async () => {
    const response = await t.client().post(FORGOT, {});
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'FieldValidationError', errors: [{ path: 'email' }] });
  });

  it('writes the mail in German for a German browser', async () => {
    const { email } = await newUser();
    await t.client().post(FORGOT, { email }, { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    const [mail] = await t.mailbox(email);
    expect(mail?.subject).toBe('Passwort zurücksetzen');
  });

  it('keeps an earlier link working after a newer request; using one ends the others', async () => {
    const { email } = await newUser();
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect((await t.client().get(SET, { query: { token: first } })).status).toBe(200);
    expect((await t.client().get(SET, { query: { token: second } })).status).toBe(200);
    expect(
      (await t.client().post(SET, { pwd: 'brand new secret' }, { query: { token: second } })).status,
    ).toBe(200);
    // A reset mail leaked earlier must not work once the password was set.
    expect((await t.client().get(SET, { query: { token: first } })).status).toBe(403);
    expect((await t.client().post(SET, { pwd: 'attacker secret' }, { query: { token: first } })).status).toBe(
      403,
    );
    expect((await t.client().post(LOGIN, { email, pwd: 'brand new secret' })).status).toBe(200);
  });

  it(`keeps the newest ${LIVE_TOKENS_PER_KIND} links of a kind alive, no more`, async () => {
    const { email } = await newUser();
    const links: string[] = [];
    for (let n = 0; n <= LIVE_TOKENS_PER_KIND; n += 1) {
      links.push(await resetToken(email));
      t.clock.advance(5 * MINUTE); // within the hour, past the per-recipient mail window's share
    }
    const statuses = [];
    for (const token of links) statuses.push((await t.client().get(SET, { query: { token } })).status);
    expect(statuses).toEqual([403, ...Array(LIVE_TOKENS_PER_KIND).fill(200)]);
  });

  it('a new password also ends the sign-in links', async () => {
    const { email } = await newUser();
    const magic = await magicToken(email);
    const reset = await resetToken(email);
    expect(
      (await t.client().post(SET, { pwd: 'brand new secret' }, { query: { token: reset } })).status,
    ).toBe(200);
    expect((await t.client().post(MAGIC, { token: magic })).body).toEqual({
      code: 'magic_link_invalid_error',
    });
  });

  it('using one magic link ends the others', async () => {
    const { email } = await newUser();
    const first = await magicToken(email);
    const second = await magicToken(email);
    expect((await t.client().post(MAGIC, { token: first })).status).toBe(200);
    expect((await t.client().post(MAGIC, { token: second })).body).toEqual({
      code: 'magic_link_invalid_error',
    });
  });
});

describe('GET and POST /api/forgot_password_set', () => {
  it('checks a token without using it up', async () => {
    const { email } = await newUser();
    const token = await resetToken(email);
    for (let i = 0; i < 2; i += 1) {
      const response = await t.client().get(SET, { query: { token } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    }
  });

  it.each([
    ['unknown', { token: 'no-such-token' }],
    ['missing', {}],
    ['blank', { token: '  ' }],
  ])('answers Forbidden forgot_password_token_invalid_error with message "not found" for a %s token', async (_, query) => {
    const check = await t.client().get(SET, { query });
    expect(check.status).toBe(403);
    expect(check.body).toEqual({ code: 'forgot_password_token_invalid_error', message: 'not found' });
    const set = await t.client().post(SET, { pwd: 'a new password' }, { query });
    expect(set.status).toBe(403);
    expect(set.body).toEqual({ code: 'forgot_password_token_invalid_error', message: 'not found' });
  });

  it('refuses a token after an hour', async () => {
    const { email } = await newUser();
    const token = await resetToken(email);
    t.clock.advance(60 * MINUTE + 1);
    expect((await t.client().get(SET, { query: { token } })).status).toBe(403);
  });

  it('sets the new password once; old password and old sessions stop working', async () => {
    const { email, user } = await newUser({ confirmed: false });
    const oldSession = t.client();
    await signIn(oldSession, email);
    const token = await resetToken(email);

    const response = await t.client().post(SET, { pwd: 'brand new secret' }, { query: { token } });
    expect(response.status).toBe(200);
    // The recovery review's token: 32 random bytes, base64url (docs/decisions/security.md: Recovery review).
    expect(response.body).toEqual({ ok: true, reviewToken: expect.stringMatching(/^[\w-]{43}$/) });

    expect((await oldSession.get(ME)).status).toBe(401);
    expect((await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD })).status).toBe(401);
    expect((await t.client().post(LOGIN, { email, pwd: 'brand new secret' })).status).toBe(200);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.confirmedAt).not.toBeNull(); // the mail reached the user

    const again = await t.client().post(SET, { pwd: 'another one' }, { query: { token } });
    expect(again.body).toEqual({ code: 'forgot_password_token_invalid_error', message: 'not found' });
  });

  it('answers a FieldValidationError at path pwd for a short password, keeping the token', async () => {
    const { email } = await newUser();
    const token = await resetToken(email);
    const response = await t.client().post(SET, { pwd: '12345' }, { query: { token } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      name: 'FieldValidationError',
      errors: [{ code: 'string.min', message: 'string.min', path: 'pwd' }],
    });
    expect(JSON.stringify(response.body)).not.toContain('12345');
    expect((await t.client().get(SET, { query: { token } })).status).toBe(200);
  });

  it('ends a lockout', async () => {
    const { email } = await newUser();
    for (let i = 0; i < 10; i += 1) await t.client().post(LOGIN, { email, pwd: 'wrong' });
    const token = await resetToken(email);
    await t.client().post(SET, { pwd: 'brand new secret' }, { query: { token } });
    expect((await t.client().post(LOGIN, { email, pwd: 'brand new secret' })).status).toBe(200);
  });
});

describe('magic link', () => {
  it('mails /me?magicLinkToken=..., which POST /api/magic_link exchanges for a session once', async () => {
    const { email } = await newUser({ confirmed: false });
    const token = await magicToken(email);
    const [stored] = await t.db.select().from(tokens);
    expect(stored?.kind).toBe('magic');
    expect((stored?.expiresAt.getTime() ?? 0) - t.clock.now().getTime()).toBe(15 * MINUTE);

    const client = t.client();
    const response = await client.post(MAGIC, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ redirectUrl: null });
    const me = await client.get<{ accountConfirmationPending: boolean }>(ME);
    expect(me.status).toBe(200);
    expect(me.body.accountConfirmationPending).toBe(false);

    const again = await t.client().post(MAGIC, { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'magic_link_invalid_error' });
  });

  it('is not used up by a GET (link scanners)', async () => {
    const { email } = await newUser();
    const token = await magicToken(email);
    expect((await t.client().get(MAGIC, { query: { token } })).status).toBe(404);
    expect((await t.client().post(MAGIC, { token })).status).toBe(200);
  });

  it('expires after 15 minutes', async () => {
    const { email } = await newUser();
    const token = await magicToken(email);
    t.clock.advance(15 * MINUTE + 1);
    expect((await t.client().post(MAGIC, { token })).body).toEqual({ code: 'magic_link_invalid_error' });
  });

  it('is no reset token and a reset token is no magic link', async () => {
    const { email } = await newUser();
    const reset = await resetToken(email);
    expect((await t.client().post(MAGIC, { token: reset })).body).toEqual({
      code: 'magic_link_invalid_error',
    });
    const magic = await magicToken(email);
    expect((await t.client().get(SET, { query: { token: magic } })).status).toBe(403);
  });

  it('never bypasses two-factor: such users get a reset link instead', async () => {
    const { email } = await newUser({ totpSecret: true });
    await t.client().post(FORGOT, { email, generateMagicLink: true });
    const [mail] = await t.mailbox(email);
    expect(mail?.text).toContain('two-factor');
    expect(new URL(mail?.links[0] ?? '').pathname).toBe('/forgot_password_set');
  });

  it('refuses a link issued before two-factor became required', async () => {
    const { email, user } = await newUser();
    const token = await magicToken(email);
    const secure = await createOrganisation(t.db, { enforcesTwoFactor: true });
    await addOrganisationRole(t.db, user.id, secure.id, 'team-member');
    expect((await t.client().post(MAGIC, { token })).body).toEqual({ code: 'magic_link_invalid_error' });
  });
});

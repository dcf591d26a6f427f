/**
 * A magic link never stands in for a second factor the user turned on themselves (docs/security.md; spec 2
 * Forgot password). passwords.test.ts covers two-factor required by an organisation; these cover two-factor a user
 * switched on from the profile page, where no organisation enforces it, so each check is caught on its own.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { tokens } from '../db/schema';
import { currentCode, signedInUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const FORGOT = API_PATHS.forgotPassword.path;
const MAGIC = API_PATHS.exchangeMagicLink.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

/** Turns two-factor on the way a user does: the profile's setup call, then a code from the authenticator. */
const turnOnTwoFactor = async (client: Awaited<ReturnType<typeof signedInUser>>['client']) => {
  const setup = await client.get<{ secret: string }>(API_PATHS.getTwoFactorSecret.path);
  const enabled = await client.post(API_PATHS.enableTwoFactor.path, {
    otp: currentCode(t, setup.body.secret),
  });
  expect(enabled.status).toBe(200);
};

const askForMagicLink = async (email: string) => {
  const response = await t.client().post(FORGOT, { email, generateMagicLink: true });
  expect(response.status).toBe(200);
  const link = new URL(await t.lastLink(email));
  return { link, token: link.searchParams.get('magicLinkToken') };
};

describe('magic link for a user who turned two-factor on themselves', () => {
  it('is not issued: forgot_password mails a reset link that says why', async () => {
    const { client, email } = await signedInUser(t);
    await turnOnTwoFactor(client);
    const { link, token } = await askForMagicLink(email);
    expect(link.pathname).toBe('/forgot_password_set');
    expect(token).toBeNull();
    const [mail] = await t.mailbox(email);
    expect(mail?.text).toContain('two-factor');
    const issued = await t.db.select({ kind: tokens.kind }).from(tokens);
    expect(issued.map((row) => row.kind)).not.toContain('magic');
  });

  it('issued before two-factor was turned on, is refused and opens no session', async () => {
    const { client, email } = await signedInUser(t);
    const { link, token } = await askForMagicLink(email);
    expect(link.pathname).toBe('/me');
    await turnOnTwoFactor(client);
    const stranger = t.client();
    const exchange = await stranger.post(MAGIC, { token });
    expect(exchange.status).toBe(400);
    expect(exchange.body).toEqual({ code: 'magic_link_invalid_error' });
    expect((await stranger.get(API_PATHS.getMe.path)).status).toBe(401);
  });

  it('still works for the same kind of user with two-factor off (the refusal above is about two-factor)', async () => {
    const { email } = await signedInUser(t);
    const { token } = await askForMagicLink(email);
    const stranger = t.client();
    expect((await stranger.post(MAGIC, { token })).status).toBe(200);
    expect((await stranger.get(API_PATHS.getMe.path)).status).toBe(200);
  });
});

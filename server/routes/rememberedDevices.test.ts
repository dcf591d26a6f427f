/**
 * docs/decisions/security.md: Remember this device. A code login with the box ticked lets the same browser skip the code at
 * its next password logins of the same account, and nothing else: a forgotten device, a password change, a recovery,
 * 'sign out everywhere', an organisation that forbids it, another account's cookie and the expiry all end the skip.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../api/contract/paths';
import { RememberedDevicesAnswerWire } from '../../api/contract/security';
import { REMEMBERED_DEVICE_TTL_MS } from '../config';
import { organisations, rememberedDevices } from '../db/schema';
import {
  addOrganisationRole,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  giveRecoveryCodes,
} from '../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';

const LOGIN = API_PATHS.login.path;
const LOGOUT = API_PATHS.logout.path;
const LIST = API_PATHS.getRememberedDevices.path;
const DEVICE_COOKIE = 'device';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const twoFactorUser = () => createUser(t.db, { totpSecret: true }, t.clock.now());

/** A code login on `client` with the box ticked (a fresh time step, so the code was never used before). */
const rememberedLogin = async (client: TestClient, email: string, secret: string) => {
  t.clock.advance(30_000);
  const response = await client.post(LOGIN, {
    email,
    pwd: DEFAULT_PASSWORD,
    otp: currentCode(t, secret),
    rememberDevice: true,
  });
  expect(response.status).toBe(200);
  return response;
};

/** A password login without a code: 200 when the device is remembered, else the code asked for. */
const passwordLogin = (client: TestClient, email: string, pwd = DEFAULT_PASSWORD) =>
  client.post(LOGIN, { email, pwd });

const CODE_ASKED = { code: 'auth_otp_code_is_required_error' };

const devicesOf = async (client: TestClient) => {
  const response = await client.get(LIST);
  expect(response.status).toBe(200);
  return v.parse(RememberedDevicesAnswerWire, response.body).devices;
};

describe('remember this device', () => {
  it('skips the code on the browser that ticked the box, and only there', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const browser = t.client({ 'user-agent': FIREFOX });
    const answer = await rememberedLogin(browser, email, totpSecret!);
    const cookie = answer.setCookies.find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    // Only the token's hash is stored.
    const raw = browser.cookies.get(DEVICE_COOKIE) ?? '';
    expect(raw.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.select().from(rememberedDevices);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(raw);
    expect(rows[0]!.expiresAt.getTime() - t.clock.now().getTime()).toBe(REMEMBERED_DEVICE_TTL_MS);

    const listed = await devicesOf(browser);
    expect(listed).toEqual([
      expect.objectContaining({ browser: 'Firefox 128', system: 'Linux', current: true }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(raw);

    expect((await browser.post(LOGOUT)).status).toBe(200);
    expect((await passwordLogin(browser, email)).status).toBe(200);
    // Another browser still needs the code; the remembered one with a wrong password is refused as ever.
    const other = await passwordLogin(t.client(), email);
    expect(other.status).toBe(401);
    expect(other.body).toEqual(CODE_ASKED);
    const wrong = await passwordLogin(browser, email, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'unknown_credential_error' });
  });

  it('remembers nothing when the box is not ticked', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const browser = t.client();
    t.clock.advance(30_000);
    const answer = await browser.post(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: currentCode(t, totpSecret!),
    });
    expect(answer.status).toBe(200);
    expect(browser.cookies.has(DEVICE_COOKIE)).toBe(false);
    await browser.post(LOGOUT);
    expect((await passwordLogin(browser, email)).body).toEqual(CODE_ASKED);
  });

  it('remembers a browser after a recovery-code login too', async () => {
    const { user, email } = await twoFactorUser();
    const [code] = await giveRecoveryCodes(t.db, user.id, t.clock.now());
    const browser = t.client();
    const answer = await browser.post(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
      recoveryOtp: code,
      rememberDevice: true,
    });
    expect(answer.status).toBe(200);
    await browser.post(LOGOUT);
    expect((await passwordLogin(browser, email)).status).toBe(200);
  });

  it('refuses a forgotten device at once', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const browser = t.client();
    await rememberedLogin(browser, email, totpSecret!);
    const [device] = await devicesOf(browser);
    const path = apiPath('forgetRememberedDevice', { id: device!.id });
    expect((await browser.delete(path)).status).toBe(200);
    expect(await devicesOf(browser)).toEqual([]);
    expect((await browser.delete(path)).body).toEqual({ code: 'remembered_device_not_found_error' });
    await browser.post(LOGOUT);
    expect((await passwordLogin(browser, email)).body).toEqual(CODE_ASKED);
  });

  it("refuses another account's cookie, and forgets only one's own devices", async () => {
    const owner = await twoFactorUser();
    const thief = await twoFactorUser();
    const ownerBrowser = t.client();
    await rememberedLogin(ownerBrowser, owner.email, owner.totpSecret!);
    const [device] = await devicesOf(ownerBrowser);
    // The thief's browser carries the owner's device cookie: it does not skip the thief's code.
    const thiefBrowser = t.client();
    thiefBrowser.cookies.set(DEVICE_COOKIE, ownerBrowser.cookies.get(DEVICE_COOKIE) ?? '');
    expect((await passwordLogin(thiefBrowser, thief.email)).body).toEqual(CODE_ASKED);
    // Signed in as the thief, the owner's device is not theirs to forget.
    await rememberedLogin(thiefBrowser, thief.email, thief.totpSecret!);
    const path = apiPath('forgetRememberedDevice', { id: device!.id });
    expect((await thiefBrowser.delete(path)).status).toBe(404);
    expect(await devicesOf(ownerBrowser)).toHaveLength(1);
    // The thief's own login replaced the cookie it carried, and the owner's row went with it only when it was the
    // thief's: the owner's device still skips the owner's code.
    await ownerBrowser.post(LOGOUT);
    expect((await passwordLogin(ownerBrowser, owner.email)).status).toBe(200);
  });

  it('ends at a password change', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const browser = t.client();
    await rememberedLogin(browser, email, totpSecret!);
    const changed = await browser.post(API_PATHS.changePassword.path, { pwd: 'a new password 123' });
    expect(changed.status).toBe(200);
    expect(await devicesOf(browser)).toEqual([]);
    await browser.post(LOGOUT);
    expect((await passwordLogin(browser, email, 'a new password 123')).body).toEqual(CODE_ASKED);
  });

  it('ends at a recovery by mailed link', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const browser = t.client();
    await rememberedLogin(browser, email, totpSecret!);
    await t.client().post(API_PATHS.forgotPassword.path, { email });
    const token = new URL(await t.lastLink(email)).searchParams.get('token') ?? '';
    const reset = await t
      .client()
      .post(API_PATHS.setNewPassword.path, { pwd: 'a new password 123' }, { query: { token } });
    expect(reset.status).toBe(200);
    expect(await t.db.select().from(rememberedDevices)).toEqual([]);
    expect((await passwordLogin(browser, email, 'a new password 123')).body).toEqual(CODE_ASKED);
  });

  it("ends at 'sign out everywhere', this browser's too", async () => {
    const { email, totpSecret } = await twoFactorUser();
    const browser = t.client();
    await rememberedLogin(browser, email, totpSecret!);
    expect((await browser.delete(API_PATHS.endOtherSessions.path)).status).toBe(200);
    expect(await devicesOf(browser)).toEqual([]);
    await browser.post(LOGOUT);
    expect((await passwordLogin(browser, email)).body).toEqual(CODE_ASKED);
  });

  it('ends when the credential epoch moves, even if its row were left', async () => {
    const { user, email, totpSecret } = await twoFactorUser();
    const browser = t.client();
    await rememberedLogin(browser, email, totpSecret!);
    await t.db.update(rememberedDevices).set({ credentialEpoch: user.credentialEpoch - 1 });
    await browser.post(LOGOUT);
    expect((await passwordLogin(browser, email)).body).toEqual(CODE_ASKED);
  });

  it('ends after its days', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const browser = t.client();
    await rememberedLogin(browser, email, totpSecret!);
    await browser.post(LOGOUT);
    t.clock.advance(REMEMBERED_DEVICE_TTL_MS + 1);
    expect((await passwordLogin(browser, email)).body).toEqual(CODE_ASKED);
  });

  it('is ignored and refused where an enforcing organisation forbids it', async () => {
    const { user, email, totpSecret } = await twoFactorUser();
    const organisation = await createOrganisation(t.db, { enforcesTwoFactor: true });
    await addOrganisationRole(t.db, user.id, organisation.id, 'team-member');
    const browser = t.client();
    // Allowed by default: remembered.
    await rememberedLogin(browser, email, totpSecret!);
    await t.db
      .update(organisations)
      .set({ allowsRememberedDevices: false })
      .where(eq(organisations.id, organisation.id));
    // The device remembered before is refused now, and a ticked box remembers nothing.
    await browser.post(LOGOUT);
    expect((await passwordLogin(browser, email)).body).toEqual(CODE_ASKED);
    await t.db.delete(rememberedDevices);
    const fresh = t.client();
    const answer = await rememberedLogin(fresh, email, totpSecret!);
    expect(answer.setCookies.some((line) => line.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
    expect(await t.db.select().from(rememberedDevices)).toEqual([]);
  });
});

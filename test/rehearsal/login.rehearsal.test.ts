import { Secret, TOTP, URI } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../e2e/keyboard';
import { expectNoAxeViolations } from '../e2e/support';
import { apiClient, expectOk } from './api';
import { ENFORCED_MEMBER } from './globalSetup';
import { openPage, sharedBrowser, siteUrl, typeInto } from './support';

/**
 * Logins on the production server (spec 2, 4 Login): password; one-time code computed from the otpauth URL as an
 * authenticator app does; recovery code; the forced authenticator setup of a member of an organisation that
 * enforces two-factor (made by hand, test/rehearsal/seedByHand.ts). People sign up through the API and turn
 * two-factor on through the API, as anyone can. By keyboard where a person would use it.
 */
const browser = sharedBrowser();
const PLAIN = { email: 'paula.plain@rehearsal.test', password: 'plain-password-1' };
const TWO_FACTOR = { email: 'tom.totp@rehearsal.test', password: 'totp-password-1' };
let authenticator: TOTP;
let recoveryCodes: string[] = [];

/** What an authenticator app shows for this account, `steps` periods from now. */
const codeNow = (steps = 0) => authenticator.generate({ timestamp: Date.now() + steps * 30_000 });

const signUp = async (account: { email: string; password: string }, subdomain: string) => {
  const api = apiClient(siteUrl());
  expectOk(
    await api.post('/api/register', {
      email: account.email,
      pwd: account.password,
      screenName: subdomain,
      channelName: `${subdomain} desk`,
      subdomain,
    }),
    `${account.email} signs up`,
  );
  return api;
};

beforeAll(async () => {
  await signUp(PLAIN, 'plaindesk');
  const api = await signUp(TWO_FACTOR, 'totpdesk');
  // A sign-up's session has proved nothing yet: turning two-factor on wants the password again first
  // (docs/security.md: Every change and the proof it needs).
  expectOk(await api.post('/api/me/step_up', { pwd: TWO_FACTOR.password }), 'the step-up');
  const setup = expectOk(await api.get<{ otpURL: string }>('/api/me/2fa'), 'the setup payload');
  const parsed = URI.parse(setup.otpURL);
  if (!(parsed instanceof TOTP)) throw new Error('not a TOTP URL');
  authenticator = new TOTP({ ...parsed, secret: Secret.fromBase32(parsed.secret.base32) });
  const enabled = expectOk(
    await api.post<{ recoveryCodes: string[] }>('/api/me/2fa', { otp: codeNow() }),
    'two-factor on',
  );
  recoveryCodes = enabled.recoveryCodes;
});

/** Keyboard only: Tab to the e-mail field, type, Tab to the password, type, Enter. */
async function logInByKeyboard(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

const onMe = (page: Page) => page.waitForURL((url) => url.pathname === '/me');

describe('login on the production server', () => {
  it('with a password, by keyboard, into a Secure host-only session cookie', async () => {
    const page = await openPage(browser(), '/login');
    await expectNoAxeViolations(page, '/login');
    await logInByKeyboard(page, PLAIN.email, PLAIN.password);
    await onMe(page);
    const [cookie] = await page.context().cookies(siteUrl());
    expect(cookie).toMatchObject({ name: '__Host-session', secure: true, httpOnly: true, sameSite: 'Lax' });
    await expectNoAxeViolations(page, '/me');
    await page.context().close();
  });

  it('with a one-time code from the authenticator', async () => {
    const page = await openPage(browser(), '/login');
    await logInByKeyboard(page, TWO_FACTOR.email, TWO_FACTOR.password);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await expectNoAxeViolations(page, 'code form');
    // The step after the one that turned two-factor on: each code is accepted once.
    await page.keyboard.type(codeNow(1));
    await page.keyboard.press('Enter');
    await onMe(page);
    await page.context().close();
  });

  it('with a recovery code', async () => {
    const page = await openPage(browser(), '/login');
    await logInByKeyboard(page, TWO_FACTOR.email, TWO_FACTOR.password);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: "I don't have my authenticator device" }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Use a recovery code' }).waitFor();
    await expectNoAxeViolations(page, 'recovery code form');
    await typeInto(page, 'Recovery code', recoveryCodes[0] ?? '');
    await page.keyboard.press('Enter');
    await onMe(page);
    await page.context().close();
  });

  it('a member of an organisation that enforces two-factor sets up the authenticator first', async () => {
    const page = await openPage(browser(), '/login');
    await logInByKeyboard(page, ENFORCED_MEMBER.email, ENFORCED_MEMBER.password);
    await page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }).waitFor();
    await expectNoAxeViolations(page, 'forced setup');
    await tabTo(page, page.getByRole('button', { name: "Can't scan the QR code? Enter a key instead" }));
    await page.keyboard.press('Enter');
    await page.locator('ul.two-factor__secret li').first().waitFor();
    await expectNoAxeViolations(page, 'forced setup, the key to type in');
    const secret = (await page.locator('ul.two-factor__secret li').allTextContents()).join('');
    const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await tabTo(page, page.getByLabel('Code from the app'));
    await page.keyboard.type(app.generate());
    await page.keyboard.press('Enter');
    const codesHeading = page.getByRole('heading', { level: 1, name: 'Save your recovery codes' });
    await codesHeading.waitFor();
    const codes = (await page.locator('ul.two-factor__codes li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expectNoAxeViolations(page, 'recovery codes');
    await tabTo(page, page.getByLabel('To confirm you saved them, type one of the codes'));
    await page.keyboard.type(codes[0] ?? '');
    await page.keyboard.press('Enter');
    await onMe(page);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.email).toBe(ENFORCED_MEMBER.email);
    await page.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, awaitFreshPeriod, expectNoAxeViolations, registerCurator, totpCode } from './support';

/**
 * The two-factor panel of /me (spec 2 Me page) against the reference server, by keyboard: a curator turns
 * two-factor on from /me and must then give a code at login; sets it up again with a new authenticator; logs in
 * with a recovery code and sees one fewer remain; makes new codes with a current code.
 *
 * The curator is signed up here (not curator@example.com or totp@example.com of the demo data): journeys share
 * one server, and other journeys log those in without a code or with totp@'s fixed secret.
 * Each one-time code is accepted once and only after a newer one (replay protection), so each step takes the
 * code of a later 30 s period than the step before (the server accepts one period either side).
 */
const EMAIL = 'me-2fa-journey@example.com';
const PASSWORD = 'me-2fa-journey-password-1';

let browser: Browser;
let page: Page;
const url = (path: string) => new URL(path, inject('serverUrl')).href;

/** The focused element's accessible text (its label's for fields), to walk the page with Tab. */
const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Tab forward until the focused element reads `text` (keyboard only), at most 12 presses. */
async function tabTo(text: string) {
  for (let i = 0; i < 12; i += 1) {
    if ((await focusedText()) === text) return;
    await page.keyboard.press('Tab');
  }
  expect(await focusedText()).toBe(text);
}

async function logIn(second?: { code?: string; recoveryCode?: string }) {
  await page.goto(url('/login'));
  await appIsLive(page);
  // The app's login (its code form): a form sent before the app runs goes to the server instead.
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.keyboard.press('Enter');
  if (second?.code) {
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByLabel('Authentication code').fill(second.code);
    await page.keyboard.press('Enter');
  } else if (second?.recoveryCode) {
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByRole('button', { name: "I don't have my authenticator device" }).click();
    await page.getByLabel('Recovery code', { exact: true }).fill(second.recoveryCode);
    await page.keyboard.press('Enter');
  }
  await page.waitForURL((u) => u.pathname === '/me');
  await page.goto(url('/me/security'));
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
}

async function logOut() {
  await page.getByRole('link', { name: 'Log out' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
}

const isFocused = (name: string, level: number) =>
  page.getByRole('heading', { level, name }).evaluate((h) => h === document.activeElement);

/** Opens the setup from the summary's button, shows the key as text and reads it. */
async function openSetup(button: string): Promise<string> {
  await page.getByRole('button', { name: button }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused('Set up two-factor authentication', 5)).toBe(true);
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  await page.getByRole('button', { name: "Can't scan the QR code? Enter a key instead" }).focus();
  await page.keyboard.press('Enter');
  const groups = await page.locator('ul.two-factor__secret li').allTextContents();
  expect(groups.length).toBeGreaterThan(1);
  return groups.join('');
}

/** Types a code into the setup's field and answers the Setup question with Yes, by keyboard. */
async function setUpWith(code: string) {
  await page.getByLabel('Code from the app').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: "Hope you know what you're doing?" }).waitFor();
  await tabTo('Yes, set up');
  await page.keyboard.press('Enter');
}

/** The recovery codes after a setup: read, one typed back, Continue; back on the summary. */
async function saveRecoveryCodes(where: string): Promise<string[]> {
  await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
  const codes = (await page.locator('ul.two-factor__codes li').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expectNoAxeViolations(page, `recovery codes after ${where}`);
  await page.getByLabel('To confirm you saved them, type one of the codes').focus();
  await page.keyboard.type(codes[3]!);
  await page.keyboard.press('Enter');
  await page.getByText('You have 10 recovery codes left.').waitFor();
  await expect.poll(() => isFocused('Two-factor authentication', 4)).toBe(true);
  return codes;
}

beforeAll(async () => {
  browser = await journeyBrowser();
  await registerCurator({
    email: EMAIL,
    pwd: PASSWORD,
    screenName: 'Casey Curator',
    channelName: 'Two Factor Desk',
    subdomain: 'twofactordesk',
  });
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

let secret = '';
let recoveryCodes: string[] = [];

describe('/me two-factor panel (spec 2 Me page)', () => {
  it('a curator turns two-factor on from /me; Setup asks first; afterwards login needs a code', async () => {
    await logIn();
    await page.getByText(/Two-factor authentication is off/).waitFor();
    await expectNoAxeViolations(page, 'two-factor panel, off');

    secret = await openSetup('Turn on two-factor authentication');
    await expect.poll(() => page.title()).toBe('Set up two-factor authentication - Account');
    await expectNoAxeViolations(page, 'setup steps on /me');

    // Setup is enabled only with exactly 6 digits.
    const setup = page.getByRole('button', { name: 'Setup' });
    await page.getByLabel('Code from the app').focus();
    await page.keyboard.type('12345');
    expect(await setup.isDisabled()).toBe(true);

    // The question in the site's dialog: Escape closes it and the focus returns to Setup; nothing was sent.
    await page.keyboard.press('Control+A');
    await page.keyboard.type(totpCode(secret, 40));
    expect(await setup.isDisabled()).toBe(false);
    await setup.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: "Hope you know what you're doing?" });
    await question.waitFor();
    await expect.poll(() => question.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // The dialog fades in: axe measures colours once it is fully there.
    await question.evaluate((d) => Promise.all(d.getAnimations({ subtree: true }).map((a) => a.finished)));
    await expectNoAxeViolations(page, 'Setup question');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    await expect.poll(focusedText).toBe('Setup');

    // A wrong code: 'Invalid otp code' under the field.
    await page.keyboard.press('Enter');
    await question.waitFor();
    await tabTo('Yes, set up');
    await page.keyboard.press('Enter');
    await page.getByText('Invalid otp code').waitFor();
    expect(await page.getByLabel('Code from the app').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'setup with a wrong code');

    await awaitFreshPeriod();
    await setUpWith(totpCode(secret, -1));
    recoveryCodes = await saveRecoveryCodes('turning two-factor on');
    await page.getByText(/Two-factor authentication is on/).waitFor();
    await expectNoAxeViolations(page, 'two-factor panel, on');

    await logOut();
    await logIn({ code: totpCode(secret) });
  });

  it('sets two-factor up again (Resetup GA): a new key, new recovery codes', async () => {
    const fresh = await openSetup('Resetup GA');
    expect(fresh).not.toBe(secret);
    await awaitFreshPeriod();
    await setUpWith(totpCode(fresh, -1));
    const codes = await saveRecoveryCodes('setting two-factor up again');
    expect(codes).not.toEqual(recoveryCodes);
    secret = fresh;
    recoveryCodes = codes;
  });

  it('a recovery code used at login lowers the count on /me; new codes need a current code', async () => {
    await logOut();
    await logIn({ recoveryCode: recoveryCodes[0]! });
    await page.getByText('You have 9 recovery codes left.').waitFor();

    await page.getByRole('button', { name: 'New recovery codes' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused('New recovery codes', 5)).toBe(true);
    await expectNoAxeViolations(page, 'new recovery codes form');
    await page.getByLabel('Code from the app').focus();
    await page.keyboard.type(totpCode(secret, 40));
    await page.keyboard.press('Enter');
    await page.getByText('Please enter valid code').waitFor();
    await expectNoAxeViolations(page, 'new recovery codes form with a wrong code');

    await awaitFreshPeriod();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(totpCode(secret, 1));
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused('Your new recovery codes', 5)).toBe(true);
    const fresh = (await page.locator('ul.two-factor__codes li').allTextContents()).map((c) => c.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[1]);
    await expectNoAxeViolations(page, 'new recovery codes');
    await tabTo('Done');
    await page.keyboard.press('Enter');
    await page.getByText('You have 10 recovery codes left.').waitFor();
  });
});

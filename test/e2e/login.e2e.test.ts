import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, awaitFreshPeriod, expectNoAxeViolations, totpCode } from './support';

/**
 * The login flow (spec 2 Login, spec 4 Login) against the reference server and its demo data (server/seed.ts), in Chromium.
 * Each journey uses its own demo account, so their one-time codes never meet (each code is accepted once).
 */
const PASSWORD = 'demo-password';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP'; // totp@example.com (README)

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

async function openPage(path: string): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(new URL(path, inject('serverUrl')).href);
  await appIsLive(page);
  return page;
}

async function logInWithPassword(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  // The app's login (its code forms): a form sent before the app runs goes to the server instead
  // (test/e2e/formPosts.e2e.test.ts).
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const onMe = (page: Page) => page.waitForURL((url) => url.pathname === '/me');

async function logOut(page: Page) {
  await page.goto(new URL('/logout', inject('serverUrl')).href);
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('password login', () => {
  it('refuses wrong credentials under the password, then lands on /me', async () => {
    const page = await openPage('/login');
    await expectNoAxeViolations(page, 'password form');
    await logInWithPassword(page, 'curator@example.com', 'not-the-password');
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    const errorTexts = await Promise.all(
      describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(errorTexts.join(' ')).toMatch(/e-mail or password/i);
    await expectNoAxeViolations(page, 'password form with wrong credentials');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await onMe(page);
  });

  it('never follows a next that normalises into another host (docs/decisions/security.md: Redirect targets)', async () => {
    const page = await openPage('/login?next=%2F..%2F%2Fevil.example');
    await logInWithPassword(page, 'staff@example.com');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).host).toBe(new URL(inject('serverUrl')).host);
    await logOut(page);
  });
});

describe('two-factor login', () => {
  it('asks for the code, refuses a wrong one and signs in with the right one, by keyboard alone', async () => {
    const page = await openPage('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    // Keyboard only: Tab to the e-mail field, type, Tab to the password, type, Enter.
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('name'))) === 'email') break;
    }
    await page.keyboard.type('totp@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');

    const code = page.getByLabel('Authentication code');
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('one-time-code');
    await expectNoAxeViolations(page, 'code form');

    // A code far outside the window (and outside the clock-drift window of +-10 steps) is refused.
    await page.keyboard.type(totpCode(TOTP_SECRET, 40));
    await page.keyboard.press('Enter');
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Please enter valid code').waitFor();
    await expectNoAxeViolations(page, 'code form with a wrong code');

    await awaitFreshPeriod();
    // Focus stays in the code field after a refusal, so the user just types the code again.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('one-time-code');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(totpCode(TOTP_SECRET));
    await page.keyboard.press('Enter');
    await onMe(page);
  });

  it('tells a user whose device clock is off by how much', async () => {
    const page = await openPage('/login');
    await logInWithPassword(page, 'totp@example.com');
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    // Five periods ahead: a device clock about 2.5 minutes fast.
    await page.getByLabel('Authentication code').fill(totpCode(TOTP_SECRET, 5));
    await page.keyboard.press('Enter');
    await page.getByText(/clock is off by about [23] minutes/).waitFor();
  });
});

describe('forced two-factor setup, then codes and recovery codes', () => {
  it('goes from the QR code and the grouped secret to a working code, and back in with codes afterwards', async () => {
    const page = await openPage('/login');
    await logInWithPassword(page, 'enforced@example.com');

    // Step 2: the QR code first, then the secret as text in groups of 3.
    const barcode = page.getByRole('img', { name: /QR code/i });
    await barcode.waitFor();
    expect(await barcode.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expectNoAxeViolations(page, 'setup with QR code');
    // One heading for the page: the setup's, focused; no 'Log in' above it.
    const setupHeading = page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' });
    await expect.poll(() => setupHeading.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await page.getByRole('heading', { name: 'Log in' }).count()).toBe(0);
    await page.getByRole('button', { name: "Can't scan the QR code? Enter a key instead" }).click();
    // The copy icon sits on the middle of its label, not above it.
    const copyKey = page.getByRole('button', { name: 'Copy key' });
    const [icon, label] = await copyKey.evaluate((button) => {
      const middle = (box: DOMRect) => box.top + box.height / 2;
      const text = document.createRange();
      text.selectNodeContents(button.querySelector('.ui-button__label')?.lastChild ?? button);
      return [
        middle(button.querySelector('svg')!.getBoundingClientRect()),
        middle(text.getBoundingClientRect()),
      ];
    });
    expect(Math.abs(icon! - label!)).toBeLessThanOrEqual(1.5);
    const groups = await page.locator('ul.two-factor__secret li').allTextContents();
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups.slice(0, -1)) expect(group).toHaveLength(3);
    const secret = groups.join('');
    await expectNoAxeViolations(page, 'setup with the secret as text');

    await awaitFreshPeriod();
    const setupStep = totpCode(secret);
    await page.getByLabel('Code from the app').fill(setupStep);
    await page.getByRole('button', { name: 'VERIFY & SAVE' }).click();

    // Recovery codes: shown once, confirmed by typing one back; the focus moves to their heading.
    const codesHeading = page.getByRole('heading', { level: 1, name: 'Save your recovery codes' });
    await codesHeading.waitFor();
    await expect.poll(() => codesHeading.evaluate((h) => h === document.activeElement)).toBe(true);
    const codes = (await page.locator('ul.two-factor__codes li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{6}$/);
    await expectNoAxeViolations(page, 'recovery codes');
    await page.getByLabel('To confirm you saved them, type one of the codes').fill(codes[0]!.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await onMe(page);

    // Afterwards: a code from the app (the next period's, as an authenticator shows it 30 s later).
    await logOut(page);
    await logInWithPassword(page, 'enforced@example.com');
    await expect.poll(() => page.title()).toBe('Enter your code - Account');
    await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await page.keyboard.press('Enter');
    await onMe(page);

    // Without the device: a recovery code signs in once...
    await logOut(page);
    await logInWithPassword(page, 'enforced@example.com');
    await page.getByRole('button', { name: "I don't have my authenticator device" }).click();
    await page.getByRole('heading', { name: 'Use a recovery code' }).waitFor();
    await expectNoAxeViolations(page, 'recovery form');
    await page.getByLabel('Recovery code', { exact: true }).fill(codes[1]!);
    await page.keyboard.press('Enter');
    await onMe(page);

    // ...and is then refused as used.
    await logOut(page);
    await logInWithPassword(page, 'enforced@example.com');
    await page.getByRole('button', { name: "I don't have my authenticator device" }).click();
    const backup = page.getByLabel('Recovery code', { exact: true });
    await backup.fill(codes[1]!);
    await page.keyboard.press('Enter');
    await expect.poll(() => backup.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/already (been )?used/i).waitFor();
    await expectNoAxeViolations(page, 'recovery form with a used code');
  });
});

describe('identity-provider pages', () => {
  const ORGANISATION_MISSING =
    "Organisation doesn't exist. Please make sure you are entering the organisation name correctly";
  const cases: [string | undefined, string][] = [
    ['missing_organisation_credentials', ORGANISATION_MISSING],
    ['banned_user', ORGANISATION_MISSING],
    ['missing_organisation', ORGANISATION_MISSING],
    ['invalid_auth_code', 'OAuth provider returns error'],
    ['no_channels', 'The user does not have access to any channels'],
    ['something_else', 'Unknown server error'],
    [undefined, 'Unknown server error'],
  ];

  for (const provider of ['azure', 'okta']) {
    it(`${provider}: each error type shows its message with links to login and register`, async () => {
      const page = await openPage(`/auth/${provider}/error`);
      for (const [type, message] of cases) {
        await page.goto(
          new URL(`/auth/${provider}/error${type ? `?type=${type}` : ''}`, inject('serverUrl')).href,
        );
        await page.getByText(message, { exact: true }).waitFor();
        await page.getByRole('link', { name: 'Log in with your e-mail and password' }).waitFor();
        await page.getByRole('link', { name: 'Sign up' }).waitFor();
      }
      await expectNoAxeViolations(page, `${provider} error page`);
    });
  }

  it('success pages show a loader, then go to /me', async () => {
    const page = await openPage('/login');
    await logInWithPassword(page, 'staff@example.com');
    await onMe(page);
    await page.goto(new URL('/auth/okta/success', inject('serverUrl')).href);
    await page.getByRole('status').first().waitFor();
    await onMe(page);
  });
});

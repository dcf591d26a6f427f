import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { tabTo } from './keyboard';
import { appIsLive, awaitFreshPeriod, expectNoAxeViolations, registerCurator, totpCode } from './support';

/**
 * Remember this device (docs/decisions/security.md: Remember this device) against the reference server, in Chromium:
 * a code login with the box ticked (by keyboard) remembers the browser, whose next password login asks no code;
 * 'Forget this device' on /me ends that, and the next login asks for the code again. The journey's own account,
 * signed up and given two-factor through the API before the browser opens.
 */
const EMAIL = 'remember-device-journey@example.com';
const PASSWORD = 'remember-device-journey-password-1';
const url = (path: string) => new URL(path, inject('serverUrl')).href;

let browser: Browser;
let secret = '';

/** A call of the API as a browser of the site makes it (its Origin, the session's cookie). */
const call = (path: string, method: string, cookie: string, body?: unknown) =>
  fetch(url(path), {
    method,
    headers: {
      origin: new URL(url('/')).origin,
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  browser = await journeyBrowser();
  await registerCurator({
    email: EMAIL,
    pwd: PASSWORD,
    screenName: 'Remy Remember',
    channelName: 'Remember Desk',
    subdomain: 'rememberdesk',
  });
  // A password login's session is stepped up: it may turn two-factor on (GET the secret, POST a code of it).
  const login = await call('/api/login', 'POST', '', { email: EMAIL, pwd: PASSWORD });
  expect(login.status, await login.clone().text()).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const setup = await call('/api/me/2fa', 'GET', cookie);
  secret = ((await setup.json()) as { secret: string }).secret;
  await awaitFreshPeriod();
  const enabled = await call('/api/me/2fa', 'POST', cookie, { otp: totpCode(secret) });
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  await call('/api/logout', 'POST', cookie);
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

async function logInWithPassword(page: Page) {
  await page.goto(url('/login'));
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.goto(url('/logout'));
  await page.waitForURL((u) => u.pathname === '/login');
}

describe('remember this device', () => {
  it('skips the code on a remembered browser until the device is forgotten on /me', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US' });
    const page = await context.newPage();

    // The code form offers the box; ticked by keyboard (Tab, Space), it is sent with the code.
    await logInWithPassword(page);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const box = page.getByRole('checkbox', { name: 'Remember this device for 30 days' });
    await expectNoAxeViolations(page, 'code form with the remember box');
    await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await tabTo(page, box);
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/me');

    // Signed out and in again with the password alone: no code asked, straight to /me.
    await logOut(page);
    await logInWithPassword(page);
    await page.waitForURL((u) => u.pathname === '/me');
    expect(await page.getByLabel('Authentication code').count()).toBe(0);

    // /me lists this browser among the remembered devices; forgetting it (by keyboard, no step-up) empties the list.
    await page.goto(url('/me/security'));
    const devices = page.getByRole('region', { name: 'Remembered devices' });
    const card = devices.getByRole('listitem').filter({ hasText: 'This device' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(
      /Remembered \d\d\/\d\d\/\d{4} \d\d:\d\d · Until \d\d\/\d\d\/\d{4}/,
    );
    await expectNoAxeViolations(page, 'remembered devices');
    await tabTo(page, card.getByRole('button', { name: 'Forget this device' }));
    await page.keyboard.press('Enter');
    await devices.getByText(/^No device is remembered\./).waitFor();
    await expectNoAxeViolations(page, 'no remembered device');

    // The next password login asks for the code again.
    await logOut(page);
    await logInWithPassword(page);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Remember this device for 30 days' }).isChecked()).toBe(
      false,
    );
    await context.close();
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { isFocused, tabTo } from './keyboard';
import { appIsLive, expectNoAxeViolations, linkInMail, registerCurator } from './support';

/**
 * Sessions and devices on /me (docs/decisions/security.md: Sessions and devices) against the reference server, by keyboard
 * with axe on each state: two browser contexts signed in as the same fresh account; one signs the other out, and
 * the other's next call is 401 (it is sent to /login); then 'sign out all other devices' after its question; then
 * this device, which is signing out. A session that proved nothing (a magic link's) is asked 'Confirm it's you'
 * before it signs another out (docs/security.md: Every change and the proof it needs).
 */
const EMAIL = 'me-sessions-journey@example.com';
const PASSWORD = 'me-sessions-journey-password-1';
const url = (path: string) => new URL(path, inject('serverUrl')).href;

let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
  const answer = await registerCurator({
    email: EMAIL,
    pwd: PASSWORD,
    screenName: 'Sam Sessions',
    channelName: 'Sessions Desk',
    subdomain: 'sessionsdesk',
  });
  // The sign-up started a session of its own (spec 4: a curator is signed in after sign-up): end it, so the lists
  // below hold the journey's two browsers alone.
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const origin = new URL(url('/')).origin;
  const logout = await fetch(url('/api/logout'), { method: 'POST', headers: { cookie, origin } });
  expect(logout.status, await logout.clone().text()).toBeLessThan(300);
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

/** A new browser context logged in by keyboard, on /me with its sessions list loaded. */
async function signedInPage(): Promise<Page> {
  const context = await newWatchedContext(browser, {
    locale: 'en-US',
    viewport: { width: 320, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await appIsLive(page);
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(EMAIL);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/me');
  await page.goto(url('/me/security'));
  await sessionsOf(page).getByRole('listitem').first().waitFor();
  return page;
}

const sessionsOf = (page: Page): Locator => page.getByRole('region', { name: 'Sessions and devices' });
const otherCards = (page: Page) =>
  sessionsOf(page).getByRole('listitem').filter({ hasNotText: 'This device' });

/** Presses Enter on a button reached with Tab alone. */
async function press(page: Page, button: Locator) {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

/** A new browser context signed in by a magic link (no proof: the mailbox alone), on /me with its sessions. */
async function magicLinkPage(): Promise<Page> {
  const context = await newWatchedContext(browser, {
    locale: 'en-US',
    viewport: { width: 320, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(url('/forgot_password_magic'));
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await page.goto(await linkInMail(EMAIL, 'magicLinkToken='));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/me' && !u.searchParams.has('magicLinkToken'), {
    timeout: 30_000,
  });
  await page.goto(url('/me/security'));
  await sessionsOf(page).getByRole('listitem').first().waitFor();
  return page;
}

/** The page's next call: the list again (a reload of /me); a signed-out page lands on /login. */
async function expectSentToLogin(page: Page) {
  await page.reload();
  await page.waitForURL((u) => u.pathname === '/login');
}

describe('/me sessions and devices', () => {
  it('one browser signs the other out; the other is sent to /login at its next call', async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    await first.reload();
    const list = sessionsOf(first);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => list.getByText('This device', { exact: true }).count()).toBe(1);
    const other = otherCards(first);
    await expect(other.textContent()).resolves.toMatch(/Signed in \d{2}\/\d{2}\/\d{4}/);
    // 320 px: the cards fit, nothing scrolls sideways.
    expect(await first.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(first, 'sessions list with two devices');

    await press(first, other.getByRole('button'));
    await first.getByText('No other device is signed in to your account.').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await expectNoAxeViolations(first, 'sessions list, this device alone');

    await expectSentToLogin(second);
    await second.context().close();
  });

  it('signs every other device out after asking, then this device, which is signing out', async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    await first.reload();
    await expect.poll(() => otherCards(first).count()).toBeGreaterThanOrEqual(1);

    await press(first, sessionsOf(first).getByRole('button', { name: 'Sign out all other devices' }));
    const question = sessionsOf(first).getByRole('group', {
      name: 'Sign out every other device? They will need to log in again.',
    });
    await question.waitFor();
    await expectNoAxeViolations(first, 'sign out all others: the question');
    await press(first, question.getByRole('button', { name: 'Sign out the others' }));
    await first.getByText('No other device is signed in to your account.').waitFor();
    await expectSentToLogin(second);

    await press(first, sessionsOf(first).getByRole('button', { name: 'Sign out of this device' }));
    await first.waitForURL((u) => u.pathname === '/login');
    await first.goto(url('/me/security'));
    await first.waitForURL((u) => u.pathname === '/login');
  });
  it("a magic-link session is asked 'Confirm it's you' before it signs another device out", async () => {
    const owner = await signedInPage();
    const other = await magicLinkPage();
    await expect.poll(() => otherCards(other).count()).toBeGreaterThanOrEqual(1);

    await press(other, sessionsOf(other).getByRole('button', { name: 'Sign out all other devices' }));
    const question = sessionsOf(other).getByRole('group', {
      name: 'Sign out every other device? They will need to log in again.',
    });
    await press(other, question.getByRole('button', { name: 'Sign out the others' }));
    // The server wants a fresh proof: nothing is signed out until the password is given.
    const confirm = sessionsOf(other).getByRole('heading', { level: 4, name: "Confirm it's you" });
    await expect.poll(() => isFocused(confirm)).toBe(true);
    await expectNoAxeViolations(other, "sessions: 'Confirm it's you' before signing the others out");
    await owner.reload();
    await sessionsOf(owner).getByRole('listitem').first().waitFor();
    expect(new URL(owner.url()).pathname).toBe('/me/security');

    await tabTo(other, sessionsOf(other).getByRole('textbox', { name: 'Password', exact: true }));
    await other.keyboard.type(PASSWORD);
    await other.keyboard.press('Enter');
    await other.getByText('No other device is signed in to your account.').waitFor();
    await expectSentToLogin(owner);
    await owner.context().close();
    await other.context().close();
  });
});

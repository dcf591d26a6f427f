import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations, mailbox, registerCurator } from './support';

/**
 * The account page (spec 2 Me page) against the reference server: the page frame (back link from the platform's
 * previousLocation cookie, log out), the profile view, and the pending-confirmation banner whose 'Send again', after
 * its visible wait (the browser's clock is Playwright's, moved on instead of waited for), puts a new confirmation
 * mail in the mailbox. The account is signed up here through the API, unconfirmed.
 */
const EMAIL = 'me-journey@example.com';
const PASSWORD = 'me-journey-password-1';

let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;

const confirmLinks = async () =>
  (await mailbox(inject('serverUrl'), EMAIL))
    .flatMap((mail) => mail.links)
    .filter((l) => l.includes('/confirm?'));

async function loggedInPage(): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  // A clock the journey can move on; it runs as usual until then.
  await context.clock.install();
  const origin = new URL(inject('serverUrl'));
  await context.addCookies([
    {
      name: 'previousLocation',
      value: encodeURIComponent(JSON.stringify({ link: url('/privacy'), title: 'Privacy' })),
      domain: origin.hostname,
      path: '/',
    },
  ]);
  const page = await context.newPage();
  await page.goto(url('/login'));
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/me');
  return page;
}

beforeAll(async () => {
  browser = await journeyBrowser();
  await registerCurator({
    email: EMAIL,
    pwd: PASSWORD,
    screenName: 'Morgan Me',
    channelName: 'Me Journey',
    subdomain: 'mejourney',
  });
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('/me page frame and profile view', () => {
  it('shows the profile, the back link from the cookie and log out; the banner resends the confirmation mail', async () => {
    const page = await loggedInPage();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Morgan Me' }).waitFor();
    expect(await page.getByRole('link', { name: EMAIL }).getAttribute('href')).toBe(`mailto:${EMAIL}`);
    await page.getByText('Please complete your profile!').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Privacy' }).getAttribute('href')).toBe(
      url('/privacy'),
    );
    await page.getByText('Please verify your email address.').waitFor();
    await expectNoAxeViolations(page, 'account page, unconfirmed');

    const before = (await confirmLinks()).length;
    expect(before).toBeGreaterThan(0);
    // docs/decisions/product.md Check your e-mail: the banner cannot know when the last mail went out, so it waits first.
    const resend = page.getByRole('button', { name: 'Send again' });
    expect(await resend.getAttribute('aria-disabled')).toBe('true');
    await page.getByText(/^You can send it again in \d+ s\.$/).waitFor();
    await page.clock.fastForward(60_000);
    await expect.poll(() => resend.getAttribute('aria-disabled')).toBeNull();
    // Keyboard only: the send-again button is focused and pressed with Enter.
    await resend.focus();
    await page.keyboard.press('Enter');
    await page.getByText('We have sent the e-mail again.').waitFor();
    await expectNoAxeViolations(page, 'account page, confirmation mail sent again');
    await expect.poll(async () => (await confirmLinks()).length).toBe(before + 1);

    await page.getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(url('/me'));
    await page.waitForURL((u) => u.pathname === '/login');
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations, registerCurator } from './support';

/**
 * Recent security activity on /me (docs/decisions/security.md: Security activity) against the reference server: a
 * fresh account signs in from a second browser (another User-Agent), and the first browser sees that sign-in in
 * its activity, with its method, browser and system, and 'This wasn't me' leading to the password reset.
 */
const EMAIL = 'me-activity-journey@example.com';
const PASSWORD = 'me-activity-journey-password-1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const url = (path: string) => new URL(path, inject('serverUrl')).href;

let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
  const answer = await registerCurator({
    email: EMAIL,
    pwd: PASSWORD,
    screenName: 'Ada Activity',
    channelName: 'Activity Desk',
    subdomain: 'activitydesk',
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

/** A new browser context (with its own User-Agent when given) signed in with the password, on /me. */
async function signedInPage(userAgent?: string): Promise<Page> {
  const context = await newWatchedContext(browser, {
    locale: 'en-US',
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/me');
  return page;
}

const activityOf = (page: Page) => page.getByRole('region', { name: 'Recent activity' });

describe('/me recent activity', () => {
  it("lists a sign-in from another browser, with 'This wasn't me' leading to the reset", async () => {
    const first = await signedInPage();
    await signedInPage(FIREFOX);
    await first.goto(url('/me/security'));
    const activity = activityOf(first);
    const elsewhere = activity.getByRole('listitem').filter({ hasText: 'Firefox 128 on Linux' });
    await elsewhere.first().waitFor();
    await expect(elsewhere.first().textContent()).resolves.toContain('Signed in with the password');
    // Newest first: the other browser's sign-in is the top row.
    await expect(activity.getByRole('listitem').first().textContent()).resolves.toContain(
      'Firefox 128 on Linux',
    );
    const notMe = elsewhere.first().getByRole('link', { name: "This wasn't me" });
    expect(new URL(await notMe.evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe(
      '/forgot_password',
    );
    await expectNoAxeViolations(first, 'recent activity with a sign-in from another browser');
    await notMe.click();
    await first.waitForURL((u) => u.pathname === '/forgot_password');
  });
});

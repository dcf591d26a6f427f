import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { translated } from './catalog';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, linkInMail, registerCurator } from './support';

/**
 * Login, forgot password and the magic-link request work before their scripts run (docs/decisions/product.md: Forms
 * that work before their scripts): with JavaScript off in Chromium each form goes through as a plain form post the
 * server answers; with the scripts held back 8 s, what is typed and sent before they run is neither lost nor sent
 * twice. The times printed (FORM_POST_TIMES) are the ones docs/benchmarks.md records: from the navigation to the
 * usable form, and from the submit to the answer on screen.
 */
const EMAIL = 'form-post-journey@example.com';
const PASSWORD = 'form-post-journey-password-1';
/** How long the delayed journey holds every script back. */
const SCRIPT_DELAY_MS = 8000;

let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;
const times: Record<string, number> = {};

beforeAll(async () => {
  browser = await journeyBrowser();
  await registerCurator({
    email: EMAIL,
    pwd: PASSWORD,
    screenName: 'Fran Form',
    channelName: 'Form Posts',
    subdomain: 'formposts',
  });
});
afterAll(async () => {
  console.log(`FORM_POST_TIMES ${JSON.stringify(times)}`);
  await browser?.close();
  expectNoCspViolations(browser);
});

/** Opens `path` and notes how long until its form's submit button is on screen. */
async function open(page: Page, path: string, name: string, submit: string) {
  const started = Date.now();
  await page.goto(url(path));
  await page.getByRole('button', { name: translated('en-US', submit), exact: true }).waitFor();
  times[`${name} usable`] = Date.now() - started;
}

/** Clicks `submit` and notes how long until `answer` shows. */
async function send(page: Page, name: string, submit: string, answer: () => Promise<unknown>) {
  const started = Date.now();
  await page.getByRole('button', { name: translated('en-US', submit), exact: true }).click();
  await answer();
  times[`${name} answered`] = Date.now() - started;
}

describe('with JavaScript off', () => {
  it('logs in: a wrong password comes back under the field with the e-mail kept, the right one lands on /me', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US', javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, '/login', 'login (scripts blocked)', 'Log in');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await send(page, 'login refused (scripts blocked)', 'Log in', () =>
      page.getByText(/e-mail or password/i).waitFor(),
    );
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(EMAIL);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await send(page, 'login (scripts blocked)', 'Log in', () => page.waitForURL(/\/me$/));
    // /me is drawn for the session the form post started.
    await page.getByText('Fran Form').first().waitFor();
    await context.close();
  });

  it('sends the reset link and the magic link, and says so', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US', javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, '/forgot_password', 'forgot password (scripts blocked)', 'Send reset link');
    await page.getByLabel('E-mail').fill(EMAIL);
    await send(page, 'forgot password (scripts blocked)', 'Send reset link', () =>
      page.getByRole('status').filter({ hasText: EMAIL }).waitFor(),
    );
    await linkInMail(EMAIL, '/forgot_password_set?token=');
    await open(page, '/forgot_password_magic', 'magic link (scripts blocked)', 'Send magic link');
    await page.getByLabel('E-mail').fill(EMAIL);
    await send(page, 'magic link (scripts blocked)', 'Send magic link', () =>
      page.getByRole('status').filter({ hasText: EMAIL }).waitFor(),
    );
    await linkInMail(EMAIL, 'magicLinkToken=');
    await context.close();
  });
});

describe(`with the scripts held back ${SCRIPT_DELAY_MS / 1000} s`, () => {
  const delayedPage = async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
      await route.continue();
    });
    return { page, close: () => context.close() };
  };

  it('logs in when the form is sent before the scripts run', async () => {
    const { page, close } = await delayedPage();
    await open(page, '/login', 'login (scripts delayed)', 'Log in');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await send(page, 'login (scripts delayed)', 'Log in', () => page.waitForURL(/\/me$/));
    await close();
  });

  it("takes over the server's answer to a form sent before the scripts ran: the word and the e-mail stay", async () => {
    const { page, close } = await delayedPage();
    await open(page, '/forgot_password_magic', 'magic link (scripts delayed)', 'Send magic link');
    await page.getByLabel('E-mail').fill(EMAIL);
    // The answer page's scripts come at once: the app takes over the page the server drew for the post.
    await page.unroute('**/assets/*.js');
    await send(page, 'magic link (scripts delayed)', 'Send magic link', () => appIsLive(page));
    // A key in the field makes React hydrate the form's part at once (an event hydrates its target first).
    await page.getByLabel('E-mail').press('End');
    await page.getByLabel('E-mail').press('x');
    await page.getByLabel('E-mail').press('Backspace');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(EMAIL);
    await page.getByRole('status').filter({ hasText: EMAIL }).waitFor();
    await close();
  });

  it('keeps what was typed before the scripts ran: the app takes it over and logs in with it', async () => {
    const { page, close } = await delayedPage();
    await open(page, '/login', 'login typed early (scripts delayed)', 'Log in');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await appIsLive(page);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(EMAIL);
    // More renders of the form (its e-mail edited through the app's own handler) keep the password typed before.
    await page.getByLabel('E-mail').press('x');
    await page.getByLabel('E-mail').press('Backspace');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/me$/);
    await close();
  });
});

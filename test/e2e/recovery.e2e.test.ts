import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations, linkInMail } from './support';

/**
 * Recovery journeys (spec 2 Forgot password, Reset password, Magic link, Confirm) against the reference server, reading mails from its dev mailbox: password reset by link,
 * magic link, unknown e-mail, and the e-mail confirmation of a curator and of a company-id user of lit.
 * The accounts are signed up here through the API, so the demo accounts of other journeys stay untouched.
 */
const OLD_PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';
const CURATOR = 'recovery-journey@example.com';

let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;

async function callApi(path: string, body: unknown) {
  const answer = await fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status, `${path} answered ${answer.status}: ${await answer.clone().text()}`).toBeLessThan(
    300,
  );
}

async function openPage(path: string): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(url(path));
  // The app's flow is what these journeys drive (a form sent before then is the server's: formPosts.e2e.test.ts).
  await appIsLive(page);
  return page;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(url('/login'));
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const onMe = (page: Page) =>
  page.waitForURL((u) => u.pathname === '/me' && !u.searchParams.has('magicLinkToken'));

beforeAll(async () => {
  browser = await journeyBrowser();
  await callApi('/api/register', {
    email: CURATOR,
    pwd: OLD_PASSWORD,
    screenName: 'Riley Recovery',
    channelName: 'Recovery Journey',
    subdomain: 'recoveryjourney',
  });
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('password reset by e-mail link', () => {
  it('mail -> link -> new password -> the new one logs in, the old one is refused, the link works once', async () => {
    const page = await openPage('/forgot_password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectNoAxeViolations(page, 'forgot password form');
    await page.getByLabel('E-mail').fill(CURATOR);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await expectNoAxeViolations(page, 'forgot password confirmation');

    const link = await linkInMail(CURATOR, '/forgot_password_set?token=');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const field = page.getByLabel('New password', { exact: true });
    expect(await field.getAttribute('autocomplete')).toBe('new-password');
    await field.fill(NEW_PASSWORD);
    await page.getByRole('meter', { name: /password strength/i }).waitFor();
    await expectNoAxeViolations(page, 'set new password form');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    await expectNoAxeViolations(page, 'password changed');

    await logIn(page, CURATOR, NEW_PASSWORD);
    await onMe(page);
    await page.goto(url('/logout'));
    await page.waitForURL((u) => u.pathname === '/login');
    await logIn(page, CURATOR, OLD_PASSWORD);
    await page.getByText('The e-mail or password is not correct.').waitFor();

    await page.goto(link);
    await page.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await expectNoAxeViolations(page, 'invalid reset link');
  });

  it('says so under the field when no account has the e-mail', async () => {
    const page = await openPage('/forgot_password');
    const field = page.getByLabel('E-mail');
    await field.fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('We could not find an account with this e-mail address.').waitFor();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'forgot password with an unknown e-mail');
  });
});

describe('magic link', () => {
  it('mail -> link -> Sign in pressed -> signed in on /me (opening it alone uses nothing); the same link again says it is used', async () => {
    const page = await openPage('/forgot_password_magic');
    await page.getByRole('heading', { name: 'Log in with a magic link' }).waitFor();
    await expectNoAxeViolations(page, 'magic link form');
    await page.getByLabel('E-mail').fill(CURATOR);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const link = await linkInMail(CURATOR, 'magicLinkToken=');
    // A mail scanner that opens the link with its scripts running (docs/decisions/security.md: Mailed links wait
    // for a click): it gets the page with the button, and the link still works afterwards.
    const scanner = await openPage('/login');
    await scanner.goto(link);
    await scanner.getByRole('button', { name: 'Sign in' }).waitFor();
    await scanner.reload();
    await scanner.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await scanner.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
    await scanner.context().close();

    await page.goto(link);
    await page.getByRole('heading', { name: 'Sign in with your link' }).waitFor();
    await expectNoAxeViolations(page, 'magic link opened');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await onMe(page);
    // Signed in: /me stays (the guard would send an anonymous visitor to /login).
    await page.goto(url('/me'));
    await onMe(page);

    const other = await openPage('/login');
    await other.goto(link);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('heading', { name: 'This sign-in link has been used or has expired.' }).waitFor();
    await other.getByRole('link', { name: 'Send me a new sign-in link' }).waitFor();
    await expectNoAxeViolations(other, 'used magic link');
  });
});

describe('e-mail confirmation', () => {
  it("a curator's confirmation shows the generic message", async () => {
    const link = await linkInMail(CURATOR, '/confirm?token=');
    const page = await openPage('/login');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await page.getByText('Thank you for confirming your e-mail address. You can now log in.').waitFor();
    await expectNoAxeViolations(page, 'confirmed by e-mail');

    // Opened again: the success it was, not an error.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your e-mail address is already confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await expectNoAxeViolations(page, 'confirmation link opened again');
  });

  it('a company-id user of lit gets the lit message with the next steps', async () => {
    const email = 'lena.lindner@example.com';
    await callApi('/api/confirm/user_company_id', {
      step: 'all',
      organisationSubdomain: 'lit',
      companyId: 'LIT-1001',
      lastName: 'Lindner',
      email,
    });
    const link = await linkInMail(email, '/confirm?token=');
    const page = await openPage('/login');
    await page.goto(link);
    await page.getByText('Welcome to LIT! Your account is ready.').waitFor();
    const steps = page.getByRole('list', { name: 'Next steps' });
    await steps.getByText('Download the app to your phone.').waitFor();
    await steps.getByText(/Set your password with the link we are sending you by e-mail/).waitFor();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await expectNoAxeViolations(page, 'confirmed by company id (lit)');

    // The welcome mail's link sets the first password, which then logs in.
    const setLink = await linkInMail(email, '/forgot_password_set?token=');
    await page.goto(setLink);
    await page.getByLabel('New password', { exact: true }).fill('lena-new-password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    await logIn(page, email, 'lena-new-password');
    await onMe(page);
  });

  it('a link without a token shows the error page with ways on', async () => {
    const page = await openPage('/confirm');
    await page.getByRole('heading', { name: 'We could not confirm your e-mail address' }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await expectNoAxeViolations(page, 'confirmation error');
  });
});

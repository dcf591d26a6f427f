import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, launchChromium, newWatchedContext } from './browser';
import { isFocused, tabTo } from './keyboard';
import { expectNoAxeViolations } from './support';

/**
 * The Security part of /me against the reference server, by keyboard (docs/decisions.md: Changing the password,
 * Deleting an account, Step-up): a password change asks for the old password first (step-up), signs another
 * browser out and the new password logs in; an account is deleted (step-up, its e-mail typed) and its address
 * signs up again.
 *
 * The accounts are signed up here (journeys share one server; the demo accounts are left alone). Each signs up
 * from the page itself, which starts a session without a step-up (only a password login counts as one), so the
 * server asks for the proof as it would ten minutes after a login.
 */
const PASSWORD = 'security-journey-password-1';
/** Several browsers, logins and argon2 hashes on a busy machine: generous, never the reason a journey fails. */
const JOURNEY_MS = 300_000;
const NEW_PASSWORD = 'security-journey-password-2';

let browser: Browser;
const contexts: BrowserContext[] = [];
const url = (path: string) => new URL(path, inject('serverUrl')).href;

async function newPage(): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  contexts.push(context);
  return context.newPage();
}

/** Signs up from the page (same origin, so the session cookie lands in this browser context). */
async function signUpIn(page: Page, email: string, subdomain: string): Promise<number> {
  await page.goto(url('/login'));
  return page.evaluate(
    async (body) => {
      const answer = await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return answer.status;
    },
    { email, pwd: PASSWORD, screenName: 'Sam Security', channelName: `Desk ${subdomain}`, subdomain },
  );
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(url('/login'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/me');
}

const heading = (page: Page, name: string, level = 3) =>
  page.getByRole('heading', { level, name, exact: true });

/** 'Confirm it's you': the password typed by keyboard, sent with Enter. */
async function stepUpWith(page: Page, password: string) {
  await expect.poll(() => isFocused(heading(page, "Confirm it's you", 4))).toBe(true);
  await expectNoAxeViolations(page, 'step-up');
  // The field, not the part headed 'Password' (a region of that name).
  const field = page.getByRole('textbox', { name: 'Password', exact: true });
  expect(await field.getAttribute('autocomplete')).toBe('current-password');
  await tabTo(page, field);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('/me Security: the password', () => {
  it(
    'changes it after the old one, signs the other browser out, and the new one logs in',
    async () => {
      const email = 'me-security-password@example.com';
      const page = await newPage();
      expect(await signUpIn(page, email, 'secpassdesk')).toBeLessThan(300);
      // Another browser signed in before the change.
      const other = await newPage();
      await logIn(other, email, PASSWORD);

      await page.goto(url('/me'));
      await tabTo(page, page.getByRole('button', { name: 'Change password' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(heading(page, 'Change password'))).toBe(true);
      await tabTo(page, page.getByLabel('New password', { exact: true }));
      await page.keyboard.type(NEW_PASSWORD);
      await page.getByRole('meter').waitFor();
      await tabTo(page, page.getByLabel('New password again'));
      await page.keyboard.type(NEW_PASSWORD);
      await expectNoAxeViolations(page, 'change password form');
      await page.keyboard.press('Enter');

      await stepUpWith(page, PASSWORD);
      await expect.poll(() => isFocused(heading(page, 'Your password has been changed'))).toBe(true);
      await expectNoAxeViolations(page, 'password changed');

      // The other browser's session ended: its next call is 401 and the page sends it to login.
      const status = await other.evaluate(async () => (await fetch('/api/me')).status);
      expect(status).toBe(401);
      await other.goto(url('/me'));
      await other.waitForURL((u) => u.pathname === '/login');
      // This one stays signed in.
      expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(200);

      // The new password logs in; the old one no longer does.
      const fresh = await newPage();
      await logIn(fresh, email, NEW_PASSWORD);
      await heading(fresh, 'Security', 2).waitFor();
    },
    JOURNEY_MS,
  );
});

describe('/me Security: deleting the account', () => {
  it(
    'deletes after the step-up and the typed e-mail; the address signs up again',
    async () => {
      const email = 'me-security-delete@example.com';
      const page = await newPage();
      expect(await signUpIn(page, email, 'secdeletedesk')).toBeLessThan(300);

      await page.goto(url('/me'));
      await tabTo(page, page.getByRole('button', { name: 'Delete account…' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(heading(page, 'Delete account'))).toBe(true);
      const remove = page.getByRole('button', { name: 'Delete my account' });
      expect(await remove.isDisabled()).toBe(true);
      await page
        .getByText("The button is enabled once the e-mail address you typed is your account's.")
        .waitFor();
      await expectNoAxeViolations(page, 'delete account panel');
      await tabTo(page, page.getByLabel(`Type your e-mail address (${email}) to confirm`));
      await page.keyboard.type(email.toUpperCase());
      await expect.poll(() => remove.isDisabled()).toBe(false);
      await tabTo(page, remove);
      await page.keyboard.press('Enter');

      await stepUpWith(page, PASSWORD);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);

      // The address is free again: a new sign-up with it works and logs in.
      const again = await newPage();
      expect(await signUpIn(again, email, 'secdeletedesk2')).toBeLessThan(300);
      const fresh = await newPage();
      await logIn(fresh, email, PASSWORD);
      await heading(fresh, 'Security', 2).waitFor();
    },
    JOURNEY_MS,
  );
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { isFocused, tabTo } from './keyboard';
import { appIsLive, expectNoAxeViolations, linkInMail, mailbox } from './support';

/**
 * The Security part of /me against the reference server, by keyboard (docs/decisions/security.md: Changing the password,
 * Changing the e-mail address, Deleting an account, Step-up): a password change asks for the old password first
 * (step-up), signs another browser out and the new password logs in; an e-mail change asks for the proof, mails a
 * link to the NEW address (read from the dev mailbox) whose page makes the change, and /me then shows the new
 * address; an account is deleted (step-up, its e-mail typed) and its address signs up again.
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
  await appIsLive(page);
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
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/me');
}

const heading = (page: Page, name: string, level = 3) =>
  page.getByRole('heading', { level, name, exact: true });

/**
 * 'Confirm it's you': the password typed by keyboard, sent with Enter. Its level is one under the part that asks
 * (ui/me/README.md: One outline): 4 under the e-mail's h3, 5 under a sign-in method's or the deletion's h4.
 */
async function stepUpWith(page: Page, password: string, level: number) {
  await expect.poll(() => isFocused(heading(page, "Confirm it's you", level))).toBe(true);
  await expectNoAxeViolations(page, 'step-up');
  // The field, not the part headed 'Password' (a region of that name).
  const field = page.getByRole('textbox', { name: 'Password', exact: true });
  expect(await field.getAttribute('autocomplete')).toBe('current-password');
  await tabTo(page, field);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  browser = await journeyBrowser();
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
      await other.goto(url('/me/security'));
      await other.getByRole('button', { name: 'Change password' }).waitFor();

      await page.goto(url('/me/security'));
      // The sessions list shows the other browser before the change.
      await page.getByRole('button', { name: 'Sign out all other devices' }).waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Change password' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(heading(page, 'Change password', 4))).toBe(true);
      await tabTo(page, page.getByLabel('New password', { exact: true }));
      await page.keyboard.type(NEW_PASSWORD);
      await page.getByRole('meter').waitFor();
      await tabTo(page, page.getByLabel('New password again'));
      await page.keyboard.type(NEW_PASSWORD);
      await expectNoAxeViolations(page, 'change password form');
      await page.keyboard.press('Enter');

      await stepUpWith(page, PASSWORD, 5);
      await expect.poll(() => isFocused(heading(page, 'Your password has been changed', 4))).toBe(true);
      await expectNoAxeViolations(page, 'password changed');
      // The sessions list is drawn afresh: the other browser is gone from it.
      await page.getByText('No other device is signed in to your account.').waitFor();
      expect(await page.getByRole('button', { name: 'Sign out all other devices' }).count()).toBe(0);

      // The other browser's session ended: its next call is 401 and the page sends it to login.
      const status = await other.evaluate(async () => (await fetch('/api/me')).status);
      expect(status).toBe(401);
      // It learns so when it sends a form without ever losing focus (the server refuses a wrong current password
      // and a session gone alike; GET /api/me tells them apart), and lands on /login with a word saying so.
      await other.getByRole('button', { name: 'Change password' }).click();
      await other.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD}-other`);
      await other.getByRole('meter').waitFor();
      await other.getByLabel('New password again').fill(`${NEW_PASSWORD}-other`);
      await other.getByLabel('New password again').press('Enter');
      await other.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('notice') === 'signedOut');
      await other.getByRole('status').getByText('You were signed out. Log in again to continue.').waitFor();
      // This one stays signed in.
      expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(200);

      // The new password logs in; the old one no longer does.
      const fresh = await newPage();
      await logIn(fresh, email, NEW_PASSWORD);
      await heading(fresh, 'Profile', 2).waitFor();
    },
    JOURNEY_MS,
  );
});

describe('/me Security: the e-mail address', () => {
  it(
    'sends a link to the new address after the step-up; the link changes it and /me shows the new address',
    async () => {
      const email = 'me-security-email@example.com';
      const newEmail = 'me-security-email-moved@example.com';
      const page = await newPage();
      expect(await signUpIn(page, email, 'secemaildesk')).toBeLessThan(300);

      await page.goto(url('/me/security'));
      // The closed part names the address the account has now.
      const part = page.getByRole('region', { name: 'E-mail address', exact: true });
      await part.getByText(email, { exact: true }).waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Change e-mail address' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(heading(page, 'Change e-mail address'))).toBe(true);
      const field = page.getByLabel('New e-mail address');
      expect(await field.getAttribute('autocomplete')).toBe('email');
      await tabTo(page, field);

      // The address it already has, in another case, is no change: said under the field, which takes the focus
      // with its text selected, and nothing is sent.
      await page.keyboard.type(email.toUpperCase());
      await page.keyboard.press('Enter');
      await page.getByText('This is already your e-mail address. Enter the new one.').waitFor();
      await expect.poll(() => isFocused(field)).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(page, 'change e-mail form, the same address refused');
      await page.keyboard.type(newEmail);
      await page.keyboard.press('Enter');

      await stepUpWith(page, PASSWORD, 4);
      await expect.poll(() => isFocused(heading(page, 'Check your new inbox'))).toBe(true);
      const sent = page.getByRole('region', { name: 'Check your new inbox' });
      expect(await sent.textContent()).toContain(`We sent a link to ${newEmail}.`);
      expect(await sent.textContent()).toContain(`until then you log in with ${email}, as before.`);
      // 'Send again' waits its visible minute (docs/decisions/product.md: Check your e-mail), described by the countdown.
      const again = sent.getByRole('button', { name: 'Send again' });
      expect(await again.getAttribute('aria-disabled')).toBe('true');
      expect(await again.getAttribute('aria-describedby')).toBeTruthy();
      await sent.getByText(/^You can send it again in \d+ s\.$/).waitFor();
      await expectNoAxeViolations(page, 'check your new inbox');
      // Nothing changed yet: the account still has its address, and the old one got no notice.
      const before = await page.evaluate(
        async () => (await (await fetch('/api/me')).json()) as { email: string },
      );
      expect(before.email).toBe(email);
      expect((await mailbox(inject('serverUrl'), email)).map((mail) => mail.subject)).not.toContain(
        'Your e-mail address was changed',
      );

      // The link in the mail to the NEW address makes the change on its page.
      const link = await linkInMail(newEmail, '/confirm_email_change?token=');
      await page.goto(link);
      // docs/decisions/security.md: Mailed links wait for a click.
      await page.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' }).waitFor();
      await page.getByRole('button', { name: 'Confirm the change' }).click();
      const done = page.getByRole('heading', { level: 1, name: 'Your e-mail address is changed' });
      await expect.poll(() => isFocused(done)).toBe(true);
      await page.getByText(`Your account now uses ${newEmail}.`).waitFor();
      await expectNoAxeViolations(page, 'e-mail change confirmed');
      // The OLD address got the notice with its undo link.
      expect(await linkInMail(email, '/undo_email_change?token=')).toContain('token=');

      // This browser is still signed in, and /me shows the new address.
      await page.goto(url('/me/security'));
      await part.getByText(newEmail, { exact: true }).waitFor();
      expect(await part.getByText(email, { exact: true }).count()).toBe(0);
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

      await page.goto(url('/me/security'));
      await tabTo(page, page.getByRole('button', { name: 'Delete account…' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(heading(page, 'Delete account', 4))).toBe(true);
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

      await stepUpWith(page, PASSWORD, 5);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText('Your account was deleted. We are sorry to see you go.').waitFor();
      expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);

      // The address is free again: a new sign-up with it works and logs in.
      const again = await newPage();
      expect(await signUpIn(again, email, 'secdeletedesk2')).toBeLessThan(300);
      const fresh = await newPage();
      await logIn(fresh, email, PASSWORD);
      await heading(fresh, 'Profile', 2).waitFor();
    },
    JOURNEY_MS,
  );
});

import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { isFocused, tabTo } from './keyboard';
import { startRealServer } from './realServer';
import { appIsLive, awaitFreshPeriod, expectNoAxeViolations, mailbox, totpCode } from './support';

/**
 * Passkeys in Chromium against the reference server (docs/decisions/security.md: Passkeys), with a virtual authenticator
 * from the DevTools protocol (WebAuthn domain): one that holds resident keys and verifies its user.
 *
 * These journeys run their own server on http://localhost:<port>, not the shared one of test/e2e/globalSetup.ts:
 * one of them sets two-factor up for the demo member enforced@example.com, whom the login journeys need without it.
 */
const PASSWORD = 'passkey-journey-password-1';
const DEMO_PASSWORD = 'demo-password';
/** Several browsers, logins and ceremonies on a busy machine: generous, never the reason a journey fails. */
const JOURNEY_MS = 300_000;

let server: Awaited<ReturnType<typeof startRealServer>>;
let browser: Browser;
const contexts: BrowserContext[] = [];
const url = (path: string) => new URL(path, server.url).href;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer({ host: 'localhost' }), journeyBrowser()]);
}, 240_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  const violations = server?.conformanceViolations() ?? [];
  await server?.stop();
  expectNoCspViolations(browser);
  expect(violations).toEqual([]);
});

interface Authenticator {
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/** A fresh browser with a virtual platform authenticator (resident keys, user verification, presence simulated). */
async function newPageWithAuthenticator(): Promise<Authenticator> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

const credentialsOf = async ({ cdp, authenticatorId }: Authenticator) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

/** Signs up from the page (same origin): a session that has not been stepped up (only a login counts). */
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
    { email, pwd: PASSWORD, screenName: 'Pat Passkey', channelName: `Desk ${subdomain}`, subdomain },
  );
}

async function logOut(page: Page) {
  await page.goto(url('/logout'));
  await page.waitForURL((u) => u.pathname === '/login');
  await appIsLive(page);
}

/** Signed in on /me, then on its Security section (where the passkeys are). */
const onMe = async (page: Page) => {
  await page.waitForURL((u) => u.pathname === '/me', { timeout: 30_000 });
  await page.goto(url('/me/security'));
};
const heading = (page: Page, name: string, level = 3) =>
  page.getByRole('heading', { level, name, exact: true });
const passkeysPart = (page: Page) => page.getByRole('region', { name: 'Passkeys', exact: true });

/** /me's Passkeys part, its list read. */
async function openPasskeys(page: Page) {
  await page.goto(url('/me/security'));
  await heading(page, 'Passkeys', 4).waitFor();
  await page.getByRole('button', { name: 'Add a passkey' }).waitFor();
}

/** 'Add a passkey' by keyboard, an optional name typed, sent with Enter. */
async function startAdding(page: Page, name?: string) {
  await tabTo(page, page.getByRole('button', { name: 'Add a passkey' }));
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused(heading(page, 'Add a passkey', 5))).toBe(true);
  const field = page.getByRole('textbox', { name: 'Name (optional)' });
  expect(await field.getAttribute('autocomplete')).toBe('off');
  await expectNoAxeViolations(page, 'add a passkey');
  if (name) {
    await tabTo(page, field);
    await page.keyboard.type(name);
  }
  await page.getByRole('button', { name: 'Create passkey' }).click();
}

/** 'Confirm it's you' with the password (or a code), by keyboard. */
async function stepUpWith(page: Page, proof: string, label = 'Password') {
  // Under the form to add one, under the Passkeys method (ui/me/README.md: One outline).
  await expect.poll(() => isFocused(heading(page, "Confirm it's you", 6))).toBe(true);
  await expectNoAxeViolations(page, 'step-up before adding a passkey');
  const field = page.getByRole('textbox', { name: label, exact: true });
  await tabTo(page, field);
  await page.keyboard.type(proof);
  await page.keyboard.press('Enter');
}

const passkeyButton = (page: Page) => page.getByRole('button', { name: 'Sign in with a passkey' });

/**
 * From the next page on, this browser offers no passkeys in the autofill (isConditionalMediationAvailable is
 * false), so /login shows the button alone: the virtual authenticator, simulating presence, answers a conditional
 * request by itself as soon as /login makes one, which would sign in before the button is pressed.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    const credential = (globalThis as { PublicKeyCredential?: object }).PublicKeyCredential;
    if (credential)
      Object.defineProperty(credential, 'isConditionalMediationAvailable', {
        configurable: true,
        value: async () => false,
      });
  });
}

/**
 * A session that is not stepped up, for an account with a passkey: a magic link's (the mailbox alone proves no
 * password; a password or passkey login starts stepped up, docs/decisions/security.md: Step-up).
 */
async function signInByMagicLink(page: Page, email: string) {
  await page.goto(url('/forgot_password_magic'));
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await mailbox(server.url, email))
        .flatMap((mail) => mail.links)
        .find((l) => l.includes('magicLinkToken='));
      return link;
    })
    .toBeTruthy();
  await page.goto(link as string);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/me' && !u.searchParams.has('magicLinkToken'), {
    timeout: 30_000,
  });
  await page.goto(url('/me/security'));
}

describe('passkeys on /me and at login', () => {
  it(
    'adds one through the step-up (a cancelled ceremony first), lists it, and signs in with it from the button',
    async () => {
      const authenticator = await newPageWithAuthenticator();
      const { page, cdp, authenticatorId } = authenticator;
      expect(await signUpIn(page, 'passkey-journey@example.com', 'passkeydesk')).toBeLessThan(300);
      await openPasskeys(page);
      await passkeysPart(page).getByText('You have no passkeys yet.').waitFor();
      await expectNoAxeViolations(page, 'passkeys, none yet');

      // The authenticator cannot verify its user: the browser refuses the ceremony (NotAllowedError).
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
      await startAdding(page, 'Journey laptop');
      await stepUpWith(page, PASSWORD);
      const cancelled = page.getByRole('alert').filter({ hasText: 'the request was cancelled' });
      await cancelled.waitFor({ timeout: 30_000 });
      expect(await credentialsOf(authenticator)).toHaveLength(0);
      await expectNoAxeViolations(page, 'adding cancelled');

      // The page stays usable: the same form tries again (the step-up still holds) and the passkey is added.
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
      const again = page.getByRole('button', { name: 'Try again' });
      await tabTo(page, again);
      await page.keyboard.press('Enter');
      await page.getByText('The passkey “Journey laptop” has been added.').waitFor({ timeout: 30_000 });
      const card = passkeysPart(page).getByRole('listitem').filter({ hasText: 'Journey laptop' });
      await card.getByText(/^Added \d\d\/\d\d\/\d{4}$/).waitFor();
      await card.getByText('Not used yet').waitFor();
      const stored = await credentialsOf(authenticator);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.isResidentCredential).toBe(true);
      expect(stored[0]?.rpId).toBe('localhost');
      await expectNoAxeViolations(page, 'passkey added');

      // Signed out, the button signs in with it: no password, no code, to /me.
      await withoutAutofill(page);
      await logOut(page);
      await tabTo(page, passkeyButton(page));
      await page.keyboard.press('Enter');
      await onMe(page);
      await openPasskeys(page);
      await passkeysPart(page)
        .getByRole('listitem')
        .filter({ hasText: 'Journey laptop' })
        .getByText(/^Last used \d\d\/\d\d\/\d{4}$/)
        .waitFor();
    },
    JOURNEY_MS,
  );

  it(
    "signs in from the e-mail field's autofill (conditional mediation)",
    async () => {
      const authenticator = await newPageWithAuthenticator();
      const { page } = authenticator;
      expect(await signUpIn(page, 'passkey-autofill@example.com', 'passkeyfill')).toBeLessThan(300);
      await openPasskeys(page);
      await startAdding(page);
      await stepUpWith(page, PASSWORD);
      // No name given: the server names it after the browser and system.
      await page.getByText(/^The passkey “.+” has been added\.$/).waitFor({ timeout: 30_000 });
      const card = passkeysPart(page).getByRole('listitem');
      await card.getByText('Not used yet').waitFor();
      expect(await credentialsOf(authenticator)).toHaveLength(1);

      // Signed out, /login makes a conditional request for the e-mail field's autofill ("username webauthn") once
      // that field has the focus, and Chromium's virtual authenticator, simulating the user's presence, answers it
      // by itself: no passkey picked from a list, no button pressed. The sign-in is the passkey's: /me shows it
      // used.
      await page.goto(url('/logout'));
      await page.getByRole('textbox', { name: 'E-mail' }).focus();
      await onMe(page);
      await openPasskeys(page);
      await card.getByText(/^Last used \d\d\/\d\d\/\d{4}$/).waitFor();
    },
    JOURNEY_MS,
  );

  it(
    'renames then removes a passkey, after which the one still in the authenticator is refused',
    async () => {
      const authenticator = await newPageWithAuthenticator();
      const { page } = authenticator;
      expect(await signUpIn(page, 'passkey-remove@example.com', 'passkeyremove')).toBeLessThan(300);
      await openPasskeys(page);
      await startAdding(page, 'Old name');
      await stepUpWith(page, PASSWORD);
      await page.getByText('The passkey “Old name” has been added.').waitFor({ timeout: 30_000 });

      // Rename: over 64 characters is refused before any call, then a good name is kept.
      await tabTo(page, page.getByRole('button', { name: 'Rename “Old name”' }));
      await page.keyboard.press('Enter');
      const field = page.getByRole('textbox', { name: 'New name' });
      await expect.poll(() => isFocused(field)).toBe(true);
      await field.fill('x'.repeat(65));
      await page.keyboard.press('Enter');
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      await page.getByText('Must be at most 64 characters.').waitFor();
      await expectNoAxeViolations(page, 'rename refused');
      await field.fill('Work laptop');
      await page.keyboard.press('Enter');
      await passkeysPart(page).getByText('Work laptop', { exact: true }).waitFor();
      await page.reload();
      await passkeysPart(page).getByText('Work laptop', { exact: true }).waitFor();

      // Remove, asked first.
      await tabTo(page, page.getByRole('button', { name: 'Remove “Work laptop”' }));
      await page.keyboard.press('Enter');
      const ask = page.getByRole('group', { name: 'Remove “Work laptop”? It will no longer sign you in.' });
      await ask.waitFor();
      await expectNoAxeViolations(page, 'remove a passkey?');
      await ask.getByRole('button', { name: 'Remove passkey' }).click();
      await passkeysPart(page).getByText('You have no passkeys yet.').waitFor();

      // The authenticator still holds it, but the server no longer knows it: refused, the page stays usable.
      expect(await credentialsOf(authenticator)).toHaveLength(1);
      await withoutAutofill(page);
      await logOut(page);
      await passkeyButton(page).click();
      await page
        .getByText('This passkey could not be checked. Please try again.')
        .waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/login');
      await expectNoAxeViolations(page, 'passkey refused at login');
      await page.getByLabel('E-mail').fill('passkey-remove@example.com');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await onMe(page);
    },
    JOURNEY_MS,
  );

  it(
    'a member of an organisation that enforces two-factor signs in with a passkey without the code',
    async () => {
      const authenticator = await newPageWithAuthenticator();
      const { page } = authenticator;
      // The demo member has no app yet: a password login must set one up first (README: demo accounts).
      await page.goto(url('/login'));
      await appIsLive(page);
      await page.getByLabel('E-mail').fill('enforced@example.com');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('button', { name: "Can't scan the QR code? Enter a key instead" }).click();
      const secret = (await page.locator('ul.two-factor__secret li').allTextContents()).join('');
      await awaitFreshPeriod();
      await page.getByLabel('Code from the app').fill(totpCode(secret));
      await page.getByRole('button', { name: 'VERIFY & SAVE' }).click();
      await page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }).waitFor();
      const codes = (await page.locator('ul.two-factor__codes li').allTextContents()).map((c) => c.trim());
      await page.getByLabel('To confirm you saved them, type one of the codes').fill(codes[0] ?? '');
      await page.getByRole('button', { name: 'Continue' }).click();
      await onMe(page);

      // Adding asks for the step-up only when the login's has run out; with two-factor it is a code.
      await openPasskeys(page);
      await startAdding(page, 'Enforced laptop');
      const added = page.getByText('The passkey “Enforced laptop” has been added.');
      const stepUp = heading(page, "Confirm it's you", 6);
      await Promise.race([added.waitFor({ timeout: 30_000 }), stepUp.waitFor({ timeout: 30_000 })]);
      if (await stepUp.isVisible()) {
        await awaitFreshPeriod();
        await stepUpWith(page, totpCode(secret, 1), 'Authentication code');
      }
      await added.waitFor({ timeout: 30_000 });

      // Signed out, the passkey signs in: no one-time code, no app setup.
      await withoutAutofill(page);
      await logOut(page);
      await passkeyButton(page).click();
      await onMe(page);
      expect(await page.getByLabel('Authentication code').count()).toBe(0);
    },
    JOURNEY_MS,
  );

  it(
    "confirms it's you with the passkey before a password change, on a session that was not stepped up",
    async () => {
      const authenticator = await newPageWithAuthenticator();
      const { page } = authenticator;
      const email = 'passkey-stepup@example.com';
      expect(await signUpIn(page, email, 'passkeystepup')).toBeLessThan(300);
      await openPasskeys(page);
      await startAdding(page, 'Step-up key');
      await stepUpWith(page, PASSWORD);
      await page.getByText('The passkey “Step-up key” has been added.').waitFor({ timeout: 30_000 });

      // A fresh session by magic link: no proof yet, so the password change asks for one.
      await withoutAutofill(page);
      await logOut(page);
      await signInByMagicLink(page, email);
      await tabTo(page, page.getByRole('button', { name: 'Change password' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(heading(page, 'Change password', 4))).toBe(true);
      const newPassword = 'passkey-proved-new-password-2';
      await tabTo(page, page.getByLabel('New password', { exact: true }));
      await page.keyboard.type(newPassword);
      await tabTo(page, page.getByLabel('New password again'));
      await page.keyboard.type(newPassword);
      await page.keyboard.press('Enter');

      // 'Confirm it's you' offers the passkey (the user has one); the authenticator answers, the change goes on.
      await expect.poll(() => isFocused(heading(page, "Confirm it's you", 5))).toBe(true);
      const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
      await usePasskey.waitFor({ timeout: 30_000 });
      await expectNoAxeViolations(page, 'step-up offering a passkey');
      await tabTo(page, usePasskey);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => isFocused(heading(page, 'Your password has been changed', 4)), { timeout: 30_000 })
        .toBe(true);
      await expectNoAxeViolations(page, 'password changed after a passkey step-up');
      // The passkey was used: its card says so.
      await openPasskeys(page);
      await passkeysPart(page)
        .getByRole('listitem')
        .filter({ hasText: 'Step-up key' })
        .getByText(/^Last used \d\d\/\d\d\/\d{4}$/)
        .waitFor();
    },
    JOURNEY_MS,
  );
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tabTo } from '../e2e/keyboard';
import { expectNoAxeViolations } from '../e2e/support';
import { REHEARSAL_ORGANISATIONS } from './seedByHand';
import { openPage, rehearsal, sharedBrowser, typeInto } from './support';

/**
 * Sign in with your organisation (spec 1, 2) from /login against an OpenID provider on ANOTHER origin
 * (http://127.0.0.1, the site on http://localhost), under the production CSP (`form-action 'self'`): the form's
 * navigation ends on our origin and moves on from there (docs/decisions/security.md: Sign in with your organisation ends on
 * our origin). A CSP violation on any page fails the file.
 */
const browser = sharedBrowser();

async function signInWithOrganisation(page: Page, organisation: string) {
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await tabTo(page, page.getByText('Sign in with your organisation'));
  await page.keyboard.press('Enter');
  await typeInto(page, 'Organisation', organisation);
  await page.keyboard.press('Enter');
}

/** The provider's own login form, on its own origin. */
async function logInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === rehearsal().providerUrl);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

describe('sign in with your organisation, provider on another origin', () => {
  for (const [provider, login, email] of [
    ['okta', 'olga', 'olga@okta.rehearsal.test'],
    ['azure', 'ada', 'ada@azure.rehearsal.test'],
  ] as const) {
    it(`${provider}: /login -> the provider -> /me`, async () => {
      const page = await openPage(browser(), '/login');
      await expectNoAxeViolations(page, '/login with the organisation entry');
      await signInWithOrganisation(page, REHEARSAL_ORGANISATIONS[provider].subdomain);
      await logInAtProvider(page, login);
      await page.waitForURL((url) => url.pathname === '/me', { timeout: 15_000 });
      const me = await page.evaluate(async () => (await fetch('/api/me')).json());
      expect(me.email).toBe(email);
      const cookies = await page.context().cookies(rehearsal().siteUrl);
      expect(cookies.find((cookie) => cookie.name.startsWith('__Host-'))).toMatchObject({
        secure: true,
        httpOnly: true,
      });
      await expectNoAxeViolations(page, `/me after ${provider}`);
      await page.context().close();
    });
  }

  it('the page between the form and the provider is reachable without the refresh, by its link', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    // Chromium follows meta refreshes; the link is what a browser that does not would offer.
    const answer = await page.request.get(
      `${rehearsal().siteUrl}/auth/organisation/start?organisation=${REHEARSAL_ORGANISATIONS.okta.subdomain}`,
      { maxRedirects: 0 },
    );
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-security-policy']).toContain("form-action 'self'");
    await page.setContent(await answer.text());
    const link = page.getByRole('link', { name: new URL(rehearsal().providerUrl).host });
    expect(await link.getAttribute('href')).toBe(
      `/auth/okta/start?organisation=${REHEARSAL_ORGANISATIONS.okta.subdomain}`,
    );
    await context.close();
  });

  it('an unknown organisation comes back to the login page, said under the field (no provider named)', async () => {
    const page = await openPage(browser(), '/login');
    await signInWithOrganisation(page, 'no-such-organisation');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('organisationError'));
    expect(new URL(page.url()).searchParams.get('organisationError')).toBe('missing_organisation');
    expect(await page.getByText(/did not work/).count()).toBe(0);
    await page
      .getByText(
        "Organisation doesn't exist. Please make sure you are entering the organisation name correctly",
      )
      .waitFor();
    await expectNoAxeViolations(page, 'login with an unknown organisation');
    await page.context().close();
  });

  it('azure: an e-mail outside the allowed domains lands on the error page, without a session', async () => {
    const page = await openPage(browser(), '/login');
    await signInWithOrganisation(page, REHEARSAL_ORGANISATIONS.azure.subdomain);
    await logInAtProvider(page, 'eve');
    await page.waitForURL((url) => url.pathname === '/auth/azure/error', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('type')).toBe('banned_user');
    expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
    await expectNoAxeViolations(page, 'identity-provider error page (banned user)');
    await page.context().close();
  });
});

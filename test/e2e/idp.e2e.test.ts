import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations } from './support';

/**
 * Sign in with your organisation (README): /login -> the organisation's provider (the demo OpenID provider this
 * server runs under /idp-demo in demo mode) -> /auth/{provider}/success -> /me, for the demo organisations set as
 * Okta and as Azure; an unknown organisation comes back to /login with the spec 8 message under the field.
 */
const DEMO_IDP_EMAIL = 'idp.demo@example.com';

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

async function openLogin(): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(new URL('/login', inject('serverUrl')).href);
  await appIsLive(page);
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  return page;
}

/** Opens the entry by keyboard and sends the organisation. */
async function signInWithOrganisation(page: Page, organisation: string) {
  await page.getByText('Sign in with your organisation').focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Organisation').fill(organisation);
  await page.keyboard.press('Enter');
}

describe('sign in with your organisation', () => {
  for (const [provider, organisation] of [
    ['okta', 'oktademo'],
    ['azure', 'azuredemo'],
  ] as const) {
    it(`signs in through the demo provider set as ${provider} and lands on /me`, async () => {
      const page = await openLogin();
      await expectNoAxeViolations(page, '/login with the organisation entry');
      await signInWithOrganisation(page, organisation);
      // The demo provider's own login form: the demo account, any password.
      await page.locator('input[name="login"]').fill('demo');
      await page.locator('input[name="password"]').fill('any password');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === `/auth/${provider}/success`);
      await page.waitForURL((url) => url.pathname === '/me', { timeout: 10_000 });
      const me = await page.evaluate(async () => (await fetch('/api/me')).json());
      expect(me.email).toBe(DEMO_IDP_EMAIL);
      await page.context().close();
    });
  }

  it('says under the field that an organisation is unknown, naming no provider', async () => {
    const page = await openLogin();
    await signInWithOrganisation(page, 'no-such-organisation');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('organisationError'));
    expect(await page.getByText(/did not work/).count()).toBe(0);
    expect(await page.getByLabel('Organisation').getAttribute('aria-invalid')).toBe('true');
    await page
      .getByText(
        "Organisation doesn't exist. Please make sure you are entering the organisation name correctly",
      )
      .waitFor();
    await expectNoAxeViolations(page, '/login with an unknown organisation');
    await page.context().close();
  });

  it('refuses an empty organisation with the site’s own message, not the browser’s bubble', async () => {
    const page = await openLogin();
    await signInWithOrganisation(page, '');
    await page.getByText('This field is required.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});

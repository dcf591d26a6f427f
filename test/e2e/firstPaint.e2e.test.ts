import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../../api/contract/limits';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { translated } from './catalog';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, registerCurator } from './support';

/**
 * The first screen paints with the first response (README 'Performance'): the page arrives compressed with the
 * catalogue of the browser's language inside, so /login is drawn in that language without a translation call;
 * a browser whose language the server could not see (a page without the catalogue) still gets its texts by the
 * call.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

async function openLogin(locale: string, withoutPageCatalogue = false) {
  const context = await newWatchedContext(browser, { locale });
  const page = await context.newPage();
  const translationCalls: string[] = [];
  const encodings: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/translation')) translationCalls.push(request.url());
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'document' || response.url().endsWith('.js'))
      // A script answered as the test closes the page (the parts /me loads when idle) has no headers to read then.
      await response.headerValue('content-encoding').then(
        (encoding) => encodings.push(encoding ?? 'none'),
        () => undefined,
      );
  });
  if (withoutPageCatalogue)
    // The page as the fake build or a CDN without the server would send it: no catalogue inside.
    await page.route('**/login', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body: html, headers: { 'content-type': 'text/html' } });
    });
  await page.goto(new URL('/login', inject('serverUrl')).href);
  return { page, translationCalls, encodings, close: () => context.close() };
}

describe('/login paints with the first response', () => {
  it('in German for a German browser, with no translation call, every file compressed', async () => {
    const { page, translationCalls, encodings, close } = await openLogin('de-DE');
    await page.getByRole('heading', { name: translated('de-DE', 'Log in') }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de-DE');
    // The heading and the language are the server's drawing: the scripts come after the paint, so the checks of
    // what the app fetched wait until it runs the page.
    await appIsLive(page);
    expect(translationCalls).toEqual([]);
    await expect.poll(() => encodings.length).toBeGreaterThan(1);
    expect(encodings.filter((encoding) => encoding !== 'br')).toEqual([]);
    await close();
  });

  it('titles the page by its heading and the site name, in each of the six languages', async () => {
    for (const locale of LOCALES) {
      const { page, close } = await openLogin(locale);
      await page.getByRole('heading', { name: translated(locale, 'Log in') }).waitFor();
      await expect
        .poll(() => page.title())
        .toBe(`${translated(locale, 'Log in')} - ${translated(locale, 'Account')}`);
      await close();
    }
  });

  it('asks the translation call when the page came without the catalogue', async () => {
    const { page, translationCalls, close } = await openLogin('pl-PL', true);
    await page.getByRole('heading', { name: translated('pl-PL', 'Log in') }).waitFor();
    // The heading is in the drawn page already; the app asks for its texts once its scripts run.
    await expect.poll(() => translationCalls.length).toBe(1);
    await close();
  });

  it('runs under a CSP that Chromium enforces: an injected inline script is refused', async () => {
    // A context of its own (not watched): this test wants the violation the others must never see.
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(new URL('/login', inject('serverUrl')).href);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    await context.close();
  });

  it('draws the first screen of every public page from the HTML alone: no script runs, yet it is there, styled', async () => {
    const context = await newWatchedContext(browser, { locale: 'ro-RO', javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, heading] of [
      ['/login', 'Log in'],
      ['/forgot_password', 'Forgot your password?'],
      ['/register', 'Create your channel'],
      ['/privacy', 'Privacy policy'],
    ] as const) {
      await page.goto(new URL(path, inject('serverUrl')).href);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        translated('ro-RO', heading),
      );
      // The site's stylesheet is in the page (allowed by its hash): the form has its layout before any request.
      const width = await page
        .locator('.ui-card')
        .first()
        .evaluate((card) => getComputedStyle(card).maxWidth);
      expect(width).not.toBe('none');
      // Inert until the app runs it (its forms cannot go out as plain HTML forms), but for the pages whose form the
      // server answers (api/contract/postedForm.ts FORM_POST_PATHS): live at once, posting to the server.
      expect(await page.locator('#root').getAttribute('inert')).toBe(
        path === '/login' || path === '/forgot_password' ? null : '',
      );
    }
    await context.close();
  });

  it('takes the drawn screen over without drawing it again, and it works', async () => {
    const context = await newWatchedContext(browser, { locale: 'es-ES' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // A refused login's 401 is the browser's own network log, not an error of the page.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    // Before any script of the page: notes whether the drawn screen is ever replaced instead of hydrated.
    await page.addInitScript(() => {
      new MutationObserver((changes) => {
        for (const change of changes)
          if ((change.target as Element).id === 'root' && change.removedNodes.length > 0)
            (window as unknown as { redrawn?: boolean }).redrawn = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(new URL('/login', inject('serverUrl')).href);
    await page.waitForLoadState('networkidle');
    const email = page.getByLabel(translated('es-ES', 'E-mail'));
    await email.fill('nobody@example.com');
    await page.getByLabel(translated('es-ES', 'Password'), { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: translated('es-ES', 'Log in'), exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { redrawn?: boolean }).redrawn)).toBeUndefined();
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * /me for a signed-in visitor paints from the HTML too (docs/decisions/operations.md: First screen from the server): the
 * server checks the session, draws the page with the visitor's profile (every value escaped) and sends that
 * profile along, so the app takes the screen over without asking GET /api/me first and without drawing it again.
 */
describe('/me paints with the first response for a signed-in visitor', () => {
  const ME_EMAIL = 'first-paint-me@example.com';
  const ME_PASSWORD = 'first-paint-me-password-1';
  // Markup in a personal value: it must come out as text, in the drawn screen and in the data the page carries.
  const ME_NAME = 'Ada </script><img src=x id=injected> & "Lovelace"';
  const url = (path: string) => new URL(path, inject('serverUrl')).href;

  beforeAll(async () => {
    await registerCurator({
      email: ME_EMAIL,
      pwd: ME_PASSWORD,
      screenName: ME_NAME,
      channelName: 'First Paint',
      subdomain: 'firstpaintme',
    });
  });

  async function signedInContext(javaScriptEnabled: boolean) {
    const context = await newWatchedContext(browser, { locale: 'en-US', javaScriptEnabled });
    const signIn = await context.request.post(url('/api/login'), {
      headers: { origin: new URL(inject('serverUrl')).origin },
      data: { email: ME_EMAIL, pwd: ME_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    return context;
  }

  it('draws the profile from the HTML alone, escaped, and the page stays private', async () => {
    const context = await signedInContext(false);
    const page = await context.newPage();
    const response = await page.goto(url('/me'));
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Your account');
    await expect(page.getByText(ME_NAME, { exact: true }).count()).resolves.toBeGreaterThan(0);
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    await context.close();
  });

  it('takes the drawn /me over without drawing it again or asking for the profile', async () => {
    const context = await signedInContext(true);
    const page = await context.newPage();
    const errors: string[] = [];
    const profileCalls: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') profileCalls.push(request.url());
    });
    await page.addInitScript(() => {
      new MutationObserver((changes) => {
        for (const change of changes)
          if ((change.target as Element).id === 'root' && change.removedNodes.length > 0)
            (window as unknown as { redrawn?: boolean }).redrawn = true;
      }).observe(document, { childList: true, subtree: true });
    });
    // The lists' section (its own address, drawn by the server as /me is): they load once the app runs.
    await page.goto(url('/me/lists'));
    await appIsLive(page);
    await page.waitForLoadState('networkidle');
    // The lists load once the app runs, in place of the drawn loading state.
    await page.getByRole('tab', { name: /Channels/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { redrawn?: boolean }).redrawn)).toBeUndefined();
    expect(profileCalls).toEqual([]);
    expect(await page.locator('#injected').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor without a session to /login, as before', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(url('/me'));
    await page.waitForURL((address) => address.pathname === '/login');
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { translated } from './catalog';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations, registerCurator } from './support';

/**
 * Dark mode (docs/decisions/product.md: Dark mode) against the reference server: with the system set to dark the
 * landing pages and /me pass axe (contrast included) in the dark palette; the footer's switch changes the scheme at
 * once, and the next page comes in it from the server's first byte, before any script ran.
 */
const EMAIL = 'dark-mode-journey@example.com';
const PASSWORD = 'dark-mode-journey-password-1';

let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;

/** The page's background as the browser computed it: the dark palette's or the light one's. */
const bodyBackground = (page: import('playwright-core').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BG = 'rgb(15, 19, 25)';
const LIGHT_BG = 'rgb(244, 246, 249)';

beforeAll(async () => {
  browser = await journeyBrowser();
  await registerCurator({
    email: EMAIL,
    pwd: PASSWORD,
    screenName: 'Dana Dark',
    channelName: 'Dark Journey',
    subdomain: 'darkjourney',
  });
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('dark mode', () => {
  it('follows the system setting, and axe finds nothing on the landing pages and /me in it', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US', colorScheme: 'dark' });
    const page = await context.newPage();
    for (const path of ['/login', '/register', '/forgot_password', '/start']) {
      await page.goto(url(path));
      await appIsLive(page);
      expect(await bodyBackground(page), path).toBe(DARK_BG);
      await expectNoAxeViolations(page, `${path} (dark)`);
    }
    await page.goto(url('/login'));
    await appIsLive(page);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/me');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await appIsLive(page);
    expect(await bodyBackground(page)).toBe(DARK_BG);
    await expectNoAxeViolations(page, '/me (dark)');
    await context.close();
  });

  it('is chosen with the footer switch by keyboard, kept after a reload and on the server-drawn page', async () => {
    const context = await newWatchedContext(browser, { locale: 'de-DE', colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await appIsLive(page);
    expect(await bodyBackground(page)).toBe(LIGHT_BG);
    const theme = page.getByRole('combobox', { name: translated('de-DE', 'Theme') });
    await expect.poll(() => theme.inputValue()).toBe('system');
    // By keyboard: System -> Light -> Dark.
    await theme.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => theme.inputValue()).toBe('dark');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK_BG);
    await expectNoAxeViolations(page, '/login (dark by choice)');

    // The server sends the next page with the choice on it: no light frame before the scripts run.
    const first = await context.request.get(url('/register'));
    expect(await first.text()).toContain(' data-theme="dark"');
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK_BG);
    await appIsLive(page);
    await expect.poll(() => theme.inputValue()).toBe('dark');

    // 'Light' beats a dark system; 'System' forgets the choice.
    await page.emulateMedia({ colorScheme: 'dark' });
    await theme.selectOption({ label: translated('de-DE', 'Light') });
    expect(await bodyBackground(page)).toBe(LIGHT_BG);
    await theme.selectOption({ label: translated('de-DE', 'System') });
    expect(await bodyBackground(page)).toBe(DARK_BG);
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
    await appIsLive(page);
    await expect.poll(() => theme.inputValue()).toBe('system');
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { translated } from './catalog';
import { journeyBrowser } from './journeyBrowser';

/**
 * The site opens under the fake service (no server at all) in Chromium; a German browser
 * gets the landing layout in German, an unknown language gets it in English.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

async function openLogin(locale: string) {
  const context = await newWatchedContext(browser, { locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL('login', inject('fakeSiteUrl')).href);
  const footer = page.getByRole('contentinfo');
  await footer.waitFor();
  return { page, footer, errors, close: () => context.close() };
}

describe('landing layout under the fake service', () => {
  it('speaks German to a German browser (any German variant)', async () => {
    const { page, footer, errors, close } = await openLogin('de-AT');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de-DE');
    const privacy = translated('de-DE', 'Privacy policy');
    expect(privacy).not.toBe('Privacy policy');
    await footer.getByRole('link', { name: privacy }).waitFor();
    await page.getByRole('link', { name: translated('de-DE', 'Terms of service') }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('falls back to English for an unknown language', async () => {
    const { page, footer, errors, close } = await openLogin('ja-JP');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en-US');
    await footer.getByRole('link', { name: 'Privacy policy' }).waitFor();
    expect(await footer.getByRole('link', { name: translated('de-DE', 'Privacy policy') }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { translated } from './catalog';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations } from './support';

/**
 * What a person notices, in Chromium against the reference server: the /me lists kept in the address (a reload
 * and a link restore them; a new channel among 2,000 shows where it landed), the language switcher (remembered,
 * so the server draws the next page in it), and a page that says something when its scripts cannot run.
 */
const url = (path: string) => new URL(path, inject('serverUrl')).href;

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

async function logIn(page: Page, email: string, next = '') {
  await page.goto(url(`/login${next ? `?next=${encodeURIComponent(next)}` : ''}`));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL((u) => u.pathname === '/me');
}

describe('lists in the address (docs/decisions/product.md: Lists in the address)', () => {
  it('large@: a link opens a page and order, each change is written back, a reload restores it, a new channel lands marked', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, 'large@example.com');
    await page.goto(url('/me?channelsPage=57&channelsSort=name.desc&organisationsPage=nope'));
    const lists = page.getByRole('region', { name: 'Your lists' });
    const pager = lists.getByRole('navigation', { name: 'Channel pages' });
    await pager.getByText('Page 57 of 134').waitFor();
    expect(
      await lists.getByRole('columnheader', { name: 'Name', exact: true }).getAttribute('aria-sort'),
    ).toBe('descending');
    await expectNoAxeViolations(page, 'lists from an address, the long pager');

    // Last, then a page number typed: each written into the address in place.
    await pager.getByRole('button', { name: 'Last' }).focus();
    await page.keyboard.press('Enter');
    await pager.getByText('Page 134 of 134').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('channelsPage')).toBe('134');
    await pager.getByRole('spinbutton', { name: 'Go to page' }).fill('12');
    await page.keyboard.press('Enter');
    await pager.getByText('Page 12 of 134').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?channelsPage=12&channelsSort=name.desc');
    const shown = await lists.locator('tbody tr td:first-child a').allTextContents();
    await page.reload();
    await lists.getByRole('navigation', { name: 'Channel pages' }).getByText('Page 12 of 134').waitFor();
    expect(await lists.locator('tbody tr td:first-child a').allTextContents()).toEqual(shown);

    // A new channel among 2,000: the list goes to its page, the row marked 'New'.
    const name = `Noticed ${Date.now()}`;
    await page.getByRole('button', { name: 'New channel' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Channel created' }).waitFor();
    const row = lists.locator('tbody tr[aria-current="true"]');
    await row.waitFor();
    expect(await row.getByRole('link').textContent()).toBe(name);
    expect(await row.textContent()).toContain('New');
    // The address is written once the lists have been still a moment (docs/decisions/product.md: Lists in the address).
    const shownPage = Number(
      /Page (\d+) of 134/.exec((await pager.getByText(/^Page \d+ of 134$/).textContent()) ?? '')?.[1],
    );
    await expect
      .poll(() => Number(new URL(page.url()).searchParams.get('channelsPage') ?? '1'), { timeout: 10_000 })
      .toBe(shownPage);
    await expectNoAxeViolations(page, 'a new channel where it landed');
    await context.close();
  });
});

describe('the language switcher (docs/decisions/product.md: Languages)', () => {
  it('switches /login at once, and the next page comes from the server in the language chosen', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await appIsLive(page);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await expectNoAxeViolations(page, 'login with the language switcher');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pl-PL');
    await page.getByRole('heading', { name: translated('pl-PL', 'Log in') }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('pl-PL');
    const response = await page.goto(url('/privacy'));
    expect(await response?.text()).toContain('<html lang="pl-PL"');
    expect(await page.getByRole('combobox', { name: translated('pl-PL', 'Language') }).inputValue()).toBe(
      'pl-PL',
    );
    await expectNoAxeViolations(page, 'privacy in Polish');
    await context.close();
  });
});

describe('a page without its scripts (docs/decisions/product.md: A page without its scripts)', () => {
  it('without JavaScript: the <noscript> notice, in the page language, before the inert screen', async () => {
    const context = await browser.newContext({ locale: 'de-DE', javaScriptEnabled: false });
    const page = await context.newPage();
    // /register: the login and forgot-password pages work without scripts (docs/decisions/product.md: Forms that work
    // before their scripts), the other drawn pages are inert and say so.
    const response = await page.goto(url('/register'));
    const html = (await response?.text()) ?? '';
    const notice = translated('de-DE', 'page.noScript');
    const noscript = `<noscript><p class="page-notice">${notice}</p></noscript>`;
    expect(html).toContain(noscript);
    expect(html.indexOf(noscript)).toBeLessThan(html.indexOf('<div id="root" inert>'));
    await context.close();
  });

  it('scripts that fail to load: the drawn login says so, in the page language', async () => {
    const context = await newWatchedContext(browser, { locale: 'ru-RU' });
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(url('/login'));
    const notice = page.getByRole('alert');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Не удалось до конца загрузить страницу.');
    await context.close();
  });
});

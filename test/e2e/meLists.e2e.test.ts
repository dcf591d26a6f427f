import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, launchChromium, newWatchedContext } from './browser';
import { expectNoAxeViolations } from './support';

/**
 * The lists of the account page (spec 2 Me page, list area) against the reference server, as
 * large@example.com (2,000 channels, 500 organisations): counts on the tabs, 15 rows a page with the pager,
 * search narrowing the list, sorting by a column, the organisations tab; axe on each state.
 */
const url = (path: string) => new URL(path, inject('serverUrl')).href;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('the lists on /me', () => {
  it('pages, searches and sorts the channels of a large account, and shows the organisations', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await page.getByLabel('E-mail').fill('large@example.com');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/me');

    const lists = page.getByRole('region', { name: 'Your lists' });
    await lists.getByRole('tab', { name: /Channels/ }).waitFor();
    await expect.poll(() => lists.getByRole('tab', { name: /Channels/ }).textContent()).toMatch(/2[,.]?000/);
    const rows = lists.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(15);
    await lists.getByText(/Page 1 of \d+/).waitFor();
    await expectNoAxeViolations(page, 'channels of a large account');

    await lists.getByRole('button', { name: 'Next' }).click();
    await lists.getByText(/Page 2 of \d+/).waitFor();

    // Search (part of a subdomain) narrows the list to what matches, and starts again on its first page.
    await lists.getByLabel('Search').fill('large499ch4');
    await expect.poll(() => rows.count()).toBeLessThan(15);
    expect(await rows.count()).toBeGreaterThan(0);
    await lists.getByLabel('Search').fill('');
    await expect.poll(() => rows.count()).toBe(15);

    // Sorting by a column reorders, with the direction announced.
    const nameHeader = lists.getByRole('columnheader', { name: /Name/ }).first();
    await nameHeader.getByRole('button').click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toMatch(/ascending|descending/);

    await lists.getByRole('tab', { name: /Organisations/ }).click();
    await expect.poll(() => lists.getByRole('tab', { name: /Organisations/ }).textContent()).toMatch(/500/);
    await expect.poll(() => rows.count()).toBe(15);
    await expectNoAxeViolations(page, 'organisations of a large account');
    await context.close();
  });
});

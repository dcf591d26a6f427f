import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { isFocused, tabTo } from './keyboard';
import { appIsLive, expectNoAxeViolations } from './support';

/**
 * The lists of the account page (spec 2 Me page, list area; spec 4 Lists and creation forms; spec 6) against the
 * reference server, with the keyboard alone and axe on each state:
 * - curator@ (three demo channels of three creators, one archived): sorted by creator by default, every column
 *   sorted both ways, the admin-area and web-app links, the Archived badge; a new channel with a subdomain typed
 *   after the pencil, appended with its link; a taken subdomain refused with the form kept; no 'new
 *   organisation', and the server refuses a forged one (403);
 * - staff@: creates an organisation, appended to its tab;
 * - large@ (2,000 channels, 500 organisations): pages, searches and sorts.
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

/** Logs in with the keyboard alone and lands on /me with its lists. */
async function logInByKeyboard(email: string): Promise<{ page: Page; lists: Locator }> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await appIsLive(page);
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo-password');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/me');
  // The focus lands on the page's heading, not on the body: a screen reader starts there, Tab goes on from it.
  const title = page.getByRole('heading', { level: 1, name: 'Your account' });
  await expect.poll(() => title.evaluate((h) => h === document.activeElement)).toBe(true);
  await page.goto(url('/me/lists'));
  const lists = page.getByRole('region', { name: 'Your lists' });
  await lists.locator('tbody tr').first().waitFor();
  return { page, lists };
}

const COLUMNS = ['Name', 'Your role', 'Organisation', 'Creator', 'Last Update', 'Creation Date'] as const;
type Column = (typeof COLUMNS)[number];

/** The texts of one column, top to bottom (the name column: the link's text, without the badge). */
const columnTexts = (lists: Locator, column: Column) => {
  const cells = lists.locator(`tbody tr td:nth-child(${COLUMNS.indexOf(column) + 1})`);
  return column === 'Name' ? cells.locator('a').allTextContents() : cells.allTextContents();
};

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
/** DD/MM/YYYY (docs/decisions/product.md: Profile and lists: dates) as a number that sorts like the date. */
const dateValue = (text: string) => {
  const [, day, month, year] = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) ?? [];
  expect(day, `${text} is DD/MM/YYYY`).toBeDefined();
  return Number(`${year}${month}${day}`);
};
const compare = (column: Column, a: string, b: string) =>
  column === 'Last Update' || column === 'Creation Date'
    ? dateValue(a) - dateValue(b)
    : collator.compare(a, b);
const isSorted = (column: Column, texts: string[], direction: 'ascending' | 'descending') =>
  texts.every((text, i) => {
    if (i === 0) return true;
    const order = compare(column, texts[i - 1]!, text);
    return direction === 'ascending' ? order <= 0 : order >= 0;
  });

const header = (lists: Locator, column: Column) =>
  lists.getByRole('columnheader', { name: column, exact: true });

/** Sorts by a column with the keyboard (its header's button) and checks the order and what aria-sort says. */
async function sortBy(page: Page, lists: Locator, column: Column, direction: 'ascending' | 'descending') {
  const button = header(lists, column).getByRole('button');
  if (!(await isFocused(button))) await tabTo(page, button, { backwards: true });
  await page.keyboard.press('Enter');
  await expect.poll(() => header(lists, column).getAttribute('aria-sort')).toBe(direction);
  // Only one column says it sorts.
  expect(await lists.locator('th[aria-sort]').count()).toBe(1);
  const texts = await columnTexts(lists, column);
  expect(isSorted(column, texts, direction), `${column} ${direction}: ${texts.join(' | ')}`).toBe(true);
  return texts;
}

const channelCount = async (lists: Locator) =>
  Number(/\((\d+)\)/.exec((await lists.getByRole('tab', { name: /Channels/ }).textContent()) ?? '')?.[1]);

describe('the lists on /me', () => {
  it('curator@: sorted by creator, every column both ways, links by role, the Archived badge', async () => {
    const { page, lists } = await logInByKeyboard('curator@example.com');
    await expect.poll(() => channelCount(lists)).toBe(3);
    // spec 2: channels first, sorted by creator A-Z.
    expect(await lists.getByRole('tab', { name: /Channels/ }).getAttribute('aria-selected')).toBe('true');
    expect(await header(lists, 'Creator').getAttribute('aria-sort')).toBe('ascending');
    expect(await columnTexts(lists, 'Creator')).toEqual(['Casey Curator', 'Sam Staff', 'Toni Totp']);
    // Three channels, no full page: no pager (spec 2: shown when a full page is shown).
    expect(await lists.getByRole('navigation').count()).toBe(0);
    await expectNoAxeViolations(page, 'curator channels, sorted by creator');

    // Into the table from the search box, then each header button in turn.
    await tabTo(page, lists.getByLabel('Search'));
    await tabTo(page, header(lists, 'Name').getByRole('button'));
    // Another column starts ascending, the same column flips.
    for (const column of COLUMNS) {
      const once = await sortBy(page, lists, column, 'ascending');
      const twice = await sortBy(page, lists, column, 'descending');
      // Every column of these three rows holds different values, except the organisation (two in welcome).
      if (column !== 'Organisation') expect(twice).toEqual([...once].reverse());
      if (column === 'Last Update') await expectNoAxeViolations(page, 'curator channels, sorted by a date');
      await page.keyboard.press('Tab');
    }

    // spec 2: admin and editor rows link to the admin area, a reader's to the web app; Archived badge.
    const row = (name: string) => lists.locator('tbody tr', { has: page.getByRole('link', { name }) });
    const href = (name: string) => lists.getByRole('link', { name }).getAttribute('href');
    expect(await href('Demo Channel')).toMatch(/^http:\/\/demo-welcome\.[^/]+\/webapp\/admin$/);
    expect(await href('Lit Updates')).toMatch(/^http:\/\/updates-lit\.[^/]+\/webapp\/admin$/);
    expect(await href('Archived Stories')).toMatch(/^http:\/\/stories-welcome\.[^/]+\/webapp$/);
    expect(await row('Archived Stories').textContent()).toContain(
      'ArchivedYour channel has been archived due to inactivity. This means that all integrations are paused',
    );
    expect(await row('Demo Channel').textContent()).not.toContain('Archived');
    await page.context().close();
  });

  it('curator@: a new channel with an edited subdomain is appended; a taken one keeps the form; no new organisation', async () => {
    const { page, lists } = await logInByKeyboard('curator@example.com');
    await expect.poll(() => channelCount(lists)).toBeGreaterThan(0);
    const before = await channelCount(lists);
    expect(await page.getByRole('button', { name: 'New organisation' }).count()).toBe(0);

    // Open the form: focus on its heading; the subdomain follows the name (spec 5) until the pencil.
    const newChannel = page.getByRole('button', { name: 'New channel' });
    await tabTo(page, newChannel);
    await page.keyboard.press('Enter');
    const formHeading = page.getByRole('heading', { name: 'New channel' });
    await expect.poll(() => isFocused(formHeading)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Evening_Paper Daily');
    const subdomain = page.getByLabel('Subdomain', { exact: true });
    expect(await subdomain.inputValue()).toBe('eveningpaperdaily');
    expect(await subdomain.getAttribute('readonly')).not.toBeNull();
    await expectNoAxeViolations(page, 'new channel form');
    await tabTo(page, page.getByRole('button', { name: 'Edit subdomain' }));
    await page.keyboard.press('Enter');
    // The pencil gives way to the field itself, focused and editable.
    await expect.poll(() => isFocused(subdomain)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('evening-paper');
    await page.keyboard.press('Enter');

    // Success panel (name, subdomain, link), focused; the new channel appended with its link, the count up.
    const created = page.getByRole('heading', { name: 'Channel created' });
    await expect.poll(() => isFocused(created)).toBe(true);
    const panel = page.getByRole('region', { name: 'Channel created' });
    expect(await panel.textContent()).toContain('Name: Evening_Paper Daily');
    expect(await panel.textContent()).toContain('Subdomain: evening-paper');
    expect(await panel.getByRole('link').getAttribute('href')).toMatch(/^http:\/\/evening-paper-welcome\./);
    await expectNoAxeViolations(page, 'channel created');
    await expect.poll(() => channelCount(lists)).toBe(before + 1);
    expect(await lists.getByRole('link', { name: 'Evening_Paper Daily' }).getAttribute('href')).toMatch(
      /^http:\/\/evening-paper-welcome\.[^/]+\/webapp\/admin$/,
    );
    // Close: the fields reset, the focus back on the button.
    await tabTo(page, panel.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(newChannel)).toBe(true);

    // A taken subdomain: the error under the field, the form open with the values kept.
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(formHeading)).toBe(true);
    const name = page.getByLabel('Name', { exact: true });
    expect(await name.inputValue()).toBe('');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Demo Again');
    await tabTo(page, page.getByRole('button', { name: 'Edit subdomain' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(subdomain)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('demo');
    await page.keyboard.press('Enter');
    const error = page.getByText('This subdomain is already taken. Please choose another one.');
    await error.waitFor();
    expect(await subdomain.getAttribute('aria-invalid')).toBe('true');
    expect(await subdomain.getAttribute('aria-describedby')).toContain(
      (await error.getAttribute('id')) ?? '-',
    );
    expect(await name.inputValue()).toBe('Demo Again');
    expect(await subdomain.inputValue()).toBe('demo');
    expect(await formHeading.isVisible()).toBe(true);
    expect(await channelCount(lists)).toBe(before + 1);
    await expectNoAxeViolations(page, 'new channel refused: subdomain taken');

    // spec 6: not staff, so the server refuses an organisation even when the call is forged with the session.
    const forged = await page.request.post(url('/api/organisations'), {
      data: { name: 'Forged Organisation', subdomain: 'forgedorg' },
      headers: { origin: new URL(inject('serverUrl')).origin },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'forbidden_error' });
    await page.context().close();
  });

  it('staff@: creates an organisation, appended to its tab with its link', async () => {
    const { page, lists } = await logInByKeyboard('staff@example.com');
    const organisationsTab = lists.getByRole('tab', { name: /Organisations/ });
    await expect.poll(async () => /\((\d+)\)/.test((await organisationsTab.textContent()) ?? '')).toBe(true);
    const before = Number(/\((\d+)\)/.exec((await organisationsTab.textContent()) ?? '')?.[1]);

    await tabTo(page, page.getByRole('button', { name: 'New organisation' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(page.getByRole('heading', { name: 'New organisation' }))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ev');
    // spec 5: create waits for 3 characters, and says so.
    await page.getByText('Organisation must be at least 3 characters.').waitFor();
    expect(await page.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await page.keyboard.type('ening-News Desk');
    expect(await page.getByLabel('Subdomain', { exact: true }).inputValue()).toBe('eveningnewsdesk');
    await expectNoAxeViolations(page, 'new organisation form');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => isFocused(page.getByRole('heading', { name: 'Organisation created' })))
      .toBe(true);
    await expectNoAxeViolations(page, 'organisation created');

    // Shown where it landed (docs/decisions/product.md: Lists in the address): the organisations tab chosen, one more,
    // the row marked 'New' with its organisation URL.
    await expect.poll(() => organisationsTab.getAttribute('aria-selected')).toBe('true');
    expect(await organisationsTab.textContent()).toContain(`(${before + 1})`);
    const landed = lists.locator('tbody tr[aria-current="true"]');
    expect(await landed.getByRole('link').getAttribute('href')).toMatch(/^http:\/\/eveningnewsdesk\./);
    expect(await landed.getByRole('link').textContent()).toBe('Evening-News Desk');
    // The tab list still works by keyboard: the arrow keys go to Channels and back.
    await tabTo(page, organisationsTab);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => organisationsTab.getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => organisationsTab.getAttribute('aria-selected')).toBe('true');
    await expectNoAxeViolations(page, 'staff organisations');
    await page.context().close();
  });

  it('large@: pages through 2,000 channels and 500 organisations, searches and sorts', async () => {
    const { page, lists } = await logInByKeyboard('large@example.com');
    await expect.poll(() => lists.getByRole('tab', { name: /Channels/ }).textContent()).toMatch(/2[,.]?000/);
    const rows = lists.locator('tbody tr');
    expect(await rows.count()).toBe(15);
    const pager = lists.getByRole('navigation', { name: 'Channel pages' });
    // 2,000 / 15 = 133.3: 134 pages; Prev unavailable on the first (aria-disabled keeps the focus there).
    await pager.getByText('Page 1 of 134').waitFor();
    const prev = pager.getByRole('button', { name: 'Prev' });
    const next = pager.getByRole('button', { name: 'Next' });
    expect(await prev.getAttribute('aria-disabled')).toBe('true');
    await expectNoAxeViolations(page, 'channels of a large account');
    const firstPage = await columnTexts(lists, 'Name');

    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await pager.getByText('Page 2 of 134').waitFor();
    const secondPage = await columnTexts(lists, 'Name');
    expect(secondPage).toHaveLength(15);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    expect(await isFocused(next)).toBe(true);
    await page.keyboard.press('Enter');
    await pager.getByText('Page 3 of 134').waitFor();
    await tabTo(page, prev, { backwards: true });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await pager.getByText('Page 1 of 134').waitFor();
    expect(await columnTexts(lists, 'Name')).toEqual(firstPage);

    // Search (part of a subdomain) narrows the list and starts on its first page; max 20 characters.
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await pager.getByText('Page 2 of 134').waitFor();
    const search = lists.getByLabel('Search');
    expect(await search.getAttribute('maxlength')).toBe('20');
    await tabTo(page, search, { backwards: true });
    // '499ch4' finds large499ch4 and its fuzzy neighbours (threshold 0.25): two pages, from the first.
    await page.keyboard.type('499ch4');
    await pager.getByText('Page 1 of 2').waitFor();
    const hrefs = async () =>
      lists.locator('tbody a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const found = await hrefs();
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await pager.getByText('Page 2 of 2').waitFor();
    found.push(...(await hrefs()));
    expect(found.some((href) => href?.startsWith('http://large499ch4-large499.'))).toBe(true);
    await tabTo(page, search, { backwards: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('zzzzqqqqxxxxwwwwvvvvkkkk');
    expect(await search.inputValue()).toHaveLength(20);
    await lists.getByText('No channels found that match your search').waitFor();
    await expectNoAxeViolations(page, 'no channel found');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await expect.poll(() => rows.count()).toBe(15);
    await pager.getByText('Page 1 of 134').waitFor();

    // Sorting reorders, with the direction announced, and goes to the first page of the new order.
    await tabTo(page, header(lists, 'Name').getByRole('button'));
    await page.keyboard.press('Enter');
    await expect.poll(() => header(lists, 'Name').getAttribute('aria-sort')).toBe('ascending');
    expect(isSorted('Name', await columnTexts(lists, 'Name'), 'ascending')).toBe(true);

    // Organisations: 500, 34 pages.
    const organisationsTab = lists.getByRole('tab', { name: /Organisations/ });
    await tabTo(page, lists.getByRole('tab', { name: /Channels/ }), { backwards: true });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => organisationsTab.textContent()).toMatch(/\(500\)/);
    await expect.poll(() => rows.count()).toBe(15);
    await lists.getByRole('navigation', { name: 'Organisation pages' }).getByText('Page 1 of 34').waitFor();
    expect(await header(lists, 'Name').getAttribute('aria-sort')).toBe('ascending');
    await expectNoAxeViolations(page, 'organisations of a large account');
    await page.context().close();
  });
});

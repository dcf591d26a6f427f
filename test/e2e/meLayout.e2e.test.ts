import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locale } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { translated } from './catalog';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations } from './support';

/**
 * /me fits the screen (WCAG 1.4.10 Reflow; docs/decisions/product.md: /me sections): on every state of /me a person can
 * reach here, at 320, 390, 1280 and 1920 CSS px, light and dark, in en-US and in de-DE (the longest words), the
 * document is never wider than the viewport, no table cell or tab breaks a word, and axe finds nothing. States: each
 * section at its own address with the section navigation (a side column, a menu on a phone) walked by keyboard,
 * the edit form, the two-factor panel off (curator@) and its setup opened, the channels with the archived note,
 * the empty organisations tab, a search without and with results, and large@'s pages (the first and the next);
 * and the Security parts opened (docs/decisions/security.md: Account-security centre): sessions and devices with the
 * sign-out of the others asked, 'Add a passkey', change password, the step-up, change e-mail address and its
 * 'Check your new inbox' with 'Send again' waiting, and delete account.
 */
const url = (path: string) => new URL(path, inject('serverUrl')).href;
const WIDTHS = [320, 390, 1280, 1920] as const;
/** Each journey measures many states at three widths with axe: longer than the project's default. */
const JOURNEY_TIMEOUT = 240_000;

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

/** A text as the visitor of `locale` reads it (the en-US source or its catalog translation). */
const say = (locale: Locale, source: string) => (locale === 'en-US' ? source : translated(locale, source));

async function openMe(locale: Locale, email: string, path = '/me'): Promise<Page> {
  const context = await newWatchedContext(browser, { locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const origin = new URL(inject('serverUrl')).origin;
  const login = await page.request.post(url(API_PATHS.login.path), {
    data: { email, pwd: 'demo-password' },
    headers: { origin },
  });
  expect(login.ok()).toBe(true);
  await page.goto(url(path));
  await page.getByRole('heading', { level: 1, name: say(locale, 'Your account') }).waitFor();
  return page;
}

/**
 * A fresh account signed up from the page (no step-up: only a password login is one, docs/decisions/security.md: Step-up),
 * so the Security parts ask for the proof; a second session of it in another browser, so the sessions part can
 * sign the others out. The demo accounts are left alone.
 */
async function signUpForSecurity(locale: Locale): Promise<Page> {
  const tag = locale.toLowerCase().replace('-', '');
  const email = `me-layout-security-${tag}@example.com`;
  const context = await newWatchedContext(browser, { locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const origin = new URL(inject('serverUrl')).origin;
  const body = {
    email,
    pwd: SECURITY_PASSWORD,
    screenName: 'Lay Out',
    channelName: `Layout ${tag}`,
    subdomain: `layoutsec${tag}`,
  };
  const signedUp = await page.request.post(url(API_PATHS.registerCurator.path), {
    data: body,
    headers: { origin },
  });
  expect(signedUp.status(), await signedUp.text()).toBeLessThan(300);
  const other = await browser.newContext();
  const login = await other.request.post(url(API_PATHS.login.path), {
    data: { email, pwd: SECURITY_PASSWORD },
    headers: { origin },
  });
  expect(login.ok()).toBe(true);
  await other.close();
  await page.goto(url('/me/security'));
  await page.getByRole('heading', { level: 1, name: say(locale, 'Your account') }).waitFor();
  await appIsLive(page);
  return page;
}
const SECURITY_PASSWORD = 'layout-journey-password-1';

/**
 * The words of every table cell and tab that are drawn on more than one line: a word cut in two ('Organisati/on').
 * Each word's range has one box per line it is drawn on; a truncated cell (an ellipsis) draws each word once.
 */
const brokenWords = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('td, th, [role="tab"]')) {
      if (cell.getClientRects().length === 0) continue;
      // A tab is never cut ('Channels (2001)' whole on a phone).
      if (cell.role === 'tab' && cell.scrollWidth > cell.clientWidth + 1)
        broken.push(`cut: ${cell.textContent}`);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });

/**
 * At each width, light and dark: the document no wider than the viewport and no word of a table cell or tab broken;
 * axe once in each scheme (the narrowest in light, the widest in dark), in English.
 */
/** axe in one locale only (set by each locale's describe below). */
let axeInThisLocale = true;

async function expectFits(page: Page, where: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      const at = `${where} at ${width} px (${colorScheme})`;
      expect(scrollWidth, `${at}: document ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
      expect(await brokenWords(page), `${at}: words broken inside`).toEqual([]);
      // axe once per scheme, at a phone's width in light and the widest in dark, in English (CI time: every axe run
      // takes seconds; German's longer words are what the width and word checks above are for).
      const axeHere =
        (width === 320 && colorScheme === 'light') || (width === 1920 && colorScheme === 'dark');
      if (axeHere && axeInThisLocale) await expectNoAxeViolations(page, at);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The section navigation by keyboard alone: each section's link reached with Tab and followed with Enter opens the
 * section at its own address with the focus on its heading; on a phone through the section menu.
 */
async function walkSectionsByKeyboard(page: Page, locale: Locale) {
  const nav = page.getByRole('navigation', { name: say(locale, 'Sections of your account') });
  const sections = [
    ['Security', '/me/security'],
    ['Organisations and channels', '/me/lists'],
    ['Profile', '/me'],
  ] as const;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [section, path] of sections) {
      const phone = width < 960;
      const toggle = nav.getByRole('button');
      const link = nav.getByRole('link', { name: say(locale, section) });
      const target = phone ? toggle : link;
      await tabTo(page, target);
      await page.keyboard.press('Enter');
      if (phone) {
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await tabTo(page, link);
        await page.keyboard.press('Enter');
      }
      await page.waitForURL((u) => u.pathname === path);
      const heading = page.getByRole('heading', { level: 2, name: say(locale, section), exact: true });
      await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
      // The current section marked (on a phone too, where its menu has closed).
      expect(await nav.locator('[aria-current="page"]').textContent()).toBe(say(locale, section));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Presses Tab until `target` has the focus (at most 60 times). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached by Tab');
}

describe.each(['en-US', 'de-DE'] as const)('/me fits the screen in %s', (locale) => {
  beforeAll(() => {
    axeInThisLocale = locale === 'en-US';
  });
  it(
    'curator@: sections, edit, two-factor, channels, empty organisations, search',
    async () => {
      const page = await openMe(locale, 'curator@example.com', '/me/lists');
      const lists = page.getByRole('region', { name: say(locale, 'Your lists') });
      await lists.locator('tbody tr').first().waitFor();
      await appIsLive(page);

      // The three sections, each at its own address, reached by keyboard from the section navigation.
      await walkSectionsByKeyboard(page, locale);
      await expectFits(page, 'profile view');
      await page.goto(url('/me/security'));
      // The two-factor panel sits in the Security section, among the sign-in methods.
      await page
        .locator('section#security')
        .getByRole('heading', { name: say(locale, 'Two-factor authentication') })
        .waitFor();
      await expectFits(page, 'security');
      await page.goto(url('/me/lists'));
      await lists.locator('tbody tr').first().waitFor();
      // The archived note is there to wrap.
      expect(await lists.textContent()).toContain(say(locale, 'Archived'));
      await expectFits(page, 'profile view and channels');

      // Searching: no match (the empty result), then a match.
      const search = lists.getByLabel(say(locale, 'Search'));
      await search.fill('zzzzqqq');
      await lists.getByText(say(locale, 'No channels found that match your search')).waitFor();
      await expectFits(page, 'search without results');
      await search.fill('Demo');
      await lists.getByRole('link', { name: 'Demo Channel' }).waitFor();
      await expectFits(page, 'search with results');
      await search.fill('');

      // curator@ is no staff member and has no organisations: the empty tab.
      await lists.getByRole('tab', { name: new RegExp(say(locale, 'Organisations')) }).click();
      await lists.getByText(say(locale, 'You have no organisations yet')).waitFor();
      await expectFits(page, 'empty organisations');

      // The two-factor setup opened from the panel (not verified, so the account stays without two-factor).
      await page.goto(url('/me/security'));
      await page.getByRole('button', { name: say(locale, 'Turn on two-factor authentication') }).click();
      await page.getByRole('heading', { name: say(locale, 'Set up two-factor authentication') }).waitFor();
      await expectFits(page, 'two-factor setup');
      await page.goto(url('/me'));

      // The edit form.
      await page.getByRole('button', { name: say(locale, 'Edit'), exact: true }).click();
      await page.getByRole('heading', { level: 3, name: say(locale, 'Edit profile') }).waitFor();
      await expectFits(page, 'profile edit form');
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a fresh account: the Security parts opened (sessions, passkeys, password, step-up, e-mail, deletion)',
    async () => {
      const page = await signUpForSecurity(locale);
      const security = page.locator('section#security');
      const part = (title: string) =>
        security.getByRole('heading', { name: say(locale, title), exact: true });
      const button = (name: string) => security.getByRole('button', { name: say(locale, name), exact: true });

      // Sessions and devices, with the sign-out of the other browser asked (then left).
      await button('Sign out all other devices').click();
      await security
        .getByText(say(locale, 'Sign out every other device? They will need to log in again.'))
        .waitFor();
      await expectFits(page, 'sessions, signing out the others asked');
      await security
        .locator('.me-sessions__confirm')
        .getByRole('button', { name: say(locale, 'Cancel') })
        .click();

      // Passkeys: 'Add a passkey' opened when this browser can make one (nothing is made).
      const addPasskey = button('Add a passkey');
      const cannot = security.getByText(
        say(
          locale,
          'This browser cannot make passkeys. Open this page in a browser that supports them to add one.',
        ),
      );
      await addPasskey.or(cannot).waitFor();
      if (await addPasskey.isVisible()) {
        await addPasskey.click();
        await security.getByLabel(say(locale, 'Name (optional)')).waitFor();
        await expectFits(page, 'add a passkey');
        await security.getByRole('button', { name: say(locale, 'Cancel'), exact: true }).click();
      } else await expectFits(page, 'passkeys without passkey support');

      // Change password, then the step-up the server asks for (given up: nothing changes).
      await button('Change password').click();
      const newPassword = security.getByLabel(say(locale, 'New password'), { exact: true });
      await newPassword.fill('layout-journey-password-2');
      await security.getByLabel(say(locale, 'New password again')).fill('layout-journey-password-2');
      await security.getByRole('meter').waitFor();
      await expectFits(page, 'change password form');
      await newPassword.press('Enter');
      await part("Confirm it's you").waitFor();
      await expectFits(page, 'step-up');
      await button('Cancel').click();
      await button('Cancel').click();

      // Change e-mail address, the step-up given, then 'Check your new inbox' with 'Send again' waiting.
      await button('Change e-mail address').click();
      const field = security.getByLabel(say(locale, 'New e-mail address'));
      await field.waitFor();
      await expectFits(page, 'change e-mail form');
      await field.fill(`me-layout-moved-${locale.toLowerCase()}@example.com`);
      await field.press('Enter');
      const proof = security.getByRole('textbox', { name: say(locale, 'Password'), exact: true });
      await proof.fill(SECURITY_PASSWORD);
      await proof.press('Enter');
      await part('Check your new inbox').waitFor();
      expect(await button('Send again').getAttribute('aria-disabled')).toBe('true');
      await expectFits(page, 'check your new inbox');
      await button('Done').click();

      // Delete account, opened and left.
      await button('Delete account…').click();
      await part('Delete account').waitFor();
      await security.getByRole('button', { name: say(locale, 'Delete my account') }).waitFor();
      await expectFits(page, 'delete account panel');
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'large@: the pages of 2,000 channels',
    async () => {
      const page = await openMe(locale, 'large@example.com', '/me/lists');
      const lists = page.getByRole('region', { name: say(locale, 'Your lists') });
      await lists.locator('tbody tr').first().waitFor();
      const pager = lists.getByRole('navigation', { name: say(locale, 'Channel pages') });
      await pager.waitFor();
      await expectFits(page, 'first page of channels');
      await pager.getByRole('button', { name: say(locale, 'Next') }).click();
      await expectFits(page, 'second page of channels');

      // On a phone the order is a select made for it: the header row gives way to it.
      await page.setViewportSize({ width: 390, height: 800 });
      const order = lists.getByLabel(say(locale, 'Sort by'));
      expect(await order.isVisible()).toBe(true);
      await order.selectOption('name.desc');
      await page.waitForURL((u) => u.searchParams.get('channelsSort') === 'name.desc');
      await expectFits(page, 'channels ordered by the select');

      // The addresses from before the sections had their own still open them.
      await page.goto(url('/me?channelsPage=2'));
      await page.waitForURL((u) => u.pathname === '/me/lists' && u.searchParams.get('channelsPage') === '2');
      await page.goto(url('/me#security'));
      await page.waitForURL((u) => u.pathname === '/me/security');
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );
});

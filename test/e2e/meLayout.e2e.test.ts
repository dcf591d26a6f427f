import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locale } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { expectNoCspViolations, launchChromium, newWatchedContext } from './browser';
import { translated } from './catalog';
import { expectNoAxeViolations } from './support';

/**
 * /me fits the screen (WCAG 1.4.10 Reflow; docs/decisions.md: /me sections): on every state of /me a person can
 * reach here, at 320, 390 and 1280 CSS px, in en-US and in de-DE (the longest words), the document is never wider
 * than the viewport, and axe finds nothing. States: the profile view with its three sections and their navigation,
 * the edit form, the two-factor panel off (curator@) and its setup opened, the channels with the archived note,
 * the empty organisations tab, a search without and with results, and large@'s pages (the first and the next).
 */
const url = (path: string) => new URL(path, inject('serverUrl')).href;
const WIDTHS = [320, 390, 1280] as const;
/** Each journey measures many states at three widths with axe: longer than the project's default. */
const JOURNEY_TIMEOUT = 240_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

/** A text as the visitor of `locale` reads it (the en-US source or its catalog translation). */
const say = (locale: Locale, source: string) => (locale === 'en-US' ? source : translated(locale, source));

async function openMe(locale: Locale, email: string): Promise<Page> {
  const context = await newWatchedContext(browser, { locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const origin = new URL(inject('serverUrl')).origin;
  const login = await page.request.post(url(API_PATHS.login.path), {
    data: { email, pwd: 'demo-password' },
    headers: { origin },
  });
  expect(login.ok()).toBe(true);
  await page.goto(url('/me'));
  await page.getByRole('heading', { level: 1, name: say(locale, 'Your account') }).waitFor();
  return page;
}

/** At each width: the document no wider than the viewport; axe at the narrowest and the widest. */
async function expectFits(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${where} at ${width} px: document ${scrollWidth} px wide`).toBeLessThanOrEqual(
      innerWidth,
    );
    if (width !== 390) await expectNoAxeViolations(page, `${where} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.each(['en-US', 'de-DE'] as const)('/me fits the screen in %s', (locale) => {
  it(
    'curator@: sections, edit, two-factor, channels, empty organisations, search',
    async () => {
      const page = await openMe(locale, 'curator@example.com');
      const lists = page.getByRole('region', { name: say(locale, 'Your lists') });
      await lists.locator('tbody tr').first().waitFor();

      // The three sections, each reachable from the page's navigation.
      const nav = page.getByRole('navigation', { name: say(locale, 'Sections of your account') });
      for (const [section, id] of [
        ['Profile', 'profile'],
        ['Security', 'security'],
        ['Organisations and channels', 'lists'],
      ] as const) {
        const heading = page.getByRole('heading', { level: 2, name: say(locale, section), exact: true });
        expect(await heading.isVisible(), section).toBe(true);
        expect(await nav.getByRole('link', { name: say(locale, section) }).getAttribute('href')).toBe(
          `#${id}`,
        );
        expect(await page.locator(`section#${id}`).getAttribute('aria-labelledby')).toBe(
          await heading.getAttribute('id'),
        );
      }
      // The two-factor panel sits in the Security section.
      expect(
        await page
          .locator('section#security')
          .getByRole('heading', { name: say(locale, 'Two-factor authentication') })
          .count(),
      ).toBe(1);
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
      await page.getByRole('button', { name: say(locale, 'Turn on two-factor authentication') }).click();
      await page.getByRole('heading', { name: say(locale, 'Set up two-factor authentication') }).waitFor();
      await expectFits(page, 'two-factor setup');
      await page.reload();

      // The edit form.
      await page.getByRole('button', { name: say(locale, 'Edit'), exact: true }).click();
      await page.getByRole('heading', { level: 2, name: say(locale, 'Edit profile') }).waitFor();
      await expectFits(page, 'profile edit form');
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'large@: the pages of 2,000 channels',
    async () => {
      const page = await openMe(locale, 'large@example.com');
      const lists = page.getByRole('region', { name: say(locale, 'Your lists') });
      await lists.locator('tbody tr').first().waitFor();
      const pager = lists.getByRole('navigation', { name: say(locale, 'Channel pages') });
      await pager.waitFor();
      await expectFits(page, 'first page of channels');
      await pager.getByRole('button', { name: say(locale, 'Next') }).click();
      await expectFits(page, 'second page of channels');
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );
});

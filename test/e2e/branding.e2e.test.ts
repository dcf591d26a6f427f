import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accentShades } from '../../api/contract/branding';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations } from './support';

/**
 * Organisation branding from data (docs/decisions/product.md: Organisation branding comes from its data) against the
 * reference server's demo seed: /lit shows lit's logo, loaded from the server, and its accent (#c2410c) as the
 * rule beside 'Welcome to LIT', in the light and the dark palette; the curator sign-up and /unicef their
 * organisation's logo and its accent's shade for the palette; /start names papier_union by its own name once
 * found. Changing the branding with `npm run brand` while the server runs is driven by the production rehearsal on
 * Postgres (test/rehearsal/invitation.rehearsal.test.ts): the shared server's embedded database here is one
 * process's (README 'Operator commands').
 */
let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;

async function openPage(path: string, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US', colorScheme });
  const page = await context.newPage();
  await page.goto(url(path));
  await appIsLive(page);
  return page;
}

/** What the browser drew for the welcome: its rule's colour, and its logo's address and size once loaded. */
const welcomeOf = async (page: Page) => {
  // The welcome's words can show before its logo: the brand's answer may come in two renders.
  await page.locator('.ui-brand img').waitFor({ state: 'attached' });
  return page.evaluate(async () => {
    const box = document.querySelector<HTMLElement>('.ui-brand');
    const logo = box?.querySelector('img');
    if (logo && !logo.complete) await new Promise((resolve) => logo.addEventListener('load', resolve));
    return {
      rule: box ? getComputedStyle(box).borderLeftColor : null,
      logo: logo?.getAttribute('src') ?? null,
      logoWidth: logo?.naturalWidth ?? 0,
    };
  });
};

/** `#rrggbb` as getComputedStyle writes it. */
const rgbOf = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('organisation branding', () => {
  it.each([
    // lit's accent #c2410c reaches 3:1 on both palettes' surfaces: drawn as given in both.
    ['light', 'rgb(194, 65, 12)'],
    ['dark', 'rgb(194, 65, 12)'],
  ] as const)('/lit welcomes with its logo and accent from its data (%s)', async (scheme, rule) => {
    const page = await openPage('/lit', scheme);
    await page.getByRole('heading', { name: 'Welcome to LIT' }).waitFor();
    const welcome = await welcomeOf(page);
    expect(welcome.logo).toMatch(/\/api\/organisations\/lit\/logo\?v=[0-9a-f]{16}$/);
    expect(welcome.logoWidth).toBe(96);
    expect(welcome.rule).toBe(rule);
    await expectNoAxeViolations(page, `/lit (${scheme})`);
    expectNoCspViolations(browser);
    await page.context().close();
  });

  it.each([
    // The curator sign-up: the default organisation's welcome above the form (spec 2 Register).
    ['/register', 'dark', 'Welcome to Channels', 'welcome', '#3451d1'],
    ['/unicef', 'light', 'Welcome to UNICEF for every child', 'unicef_for_every_child', '#1cabe2'],
  ] as const)('%s (%s) welcomes with its organisation logo and accent', async (path, scheme, words, subdomain, accent) => {
    const page = await openPage(path, scheme);
    await page.getByText(words, { exact: true }).waitFor();
    const welcome = await welcomeOf(page);
    expect(welcome.logo).toMatch(new RegExp(`/api/organisations/${subdomain}/logo\\?v=[0-9a-f]{16}$`));
    expect(welcome.logoWidth).toBe(96);
    // The palette's shade of the seeded accent, made to reach 3:1 on its surfaces (api/contract/branding.ts).
    expect(welcome.rule).toBe(rgbOf(accentShades(accent)[scheme]));
    expectNoCspViolations(browser);
    await page.context().close();
  });

  it("/start names the organisation it found by its own name, with the organisation's welcome", async () => {
    const page = await openPage('/start', 'light');
    await page.getByRole('heading', { name: 'Sign up with your company ID' }).waitFor();
    await page.getByLabel('Organisation', { exact: true }).fill('Papier_Union');
    await page.keyboard.press('Enter');
    await page.getByText('Organisation: Papier Union').waitFor();
    await page.getByText('Welcome to Papier Union').waitFor();
    const welcome = await welcomeOf(page);
    expect(welcome.logo).toMatch(/\/api\/organisations\/papier_union\/logo\?v=/);
    expect(welcome.logoWidth).toBe(96);
    // #2f6f4f on the light surfaces, as given.
    expect(welcome.rule).toBe('rgb(47, 111, 79)');
    expectNoCspViolations(browser);
    await page.context().close();
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import report from '../../docs/coverage/model.json';
import { machines } from '../../machines/registry';
import { describeMachine } from '../model/machineDefinition';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { translated } from './catalog';
import { downloadedFile, journeyBrowser } from './journeyBrowser';
import { tabTo } from './keyboard';
import { expectNoAxeViolations } from './support';

/**
 * The flow explorer (/flows) on the fake-service build, which has it; and its absence from the production build
 * the reference server serves (globalSetup builds both).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

async function open(path: string, viewport = { width: 1280, height: 900 }) {
  const context = await newWatchedContext(browser, { locale: 'en-US', viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(path, inject('fakeSiteUrl')).href);
  return { page, errors, close: () => context.close() };
}

const panelOf = (page: Page) => page.getByTestId('state-panel');
const screenOf = (page: Page) => page.getByTestId('flow-screen');

async function chooseState(page: Page, state: string) {
  await page.locator(`li[data-state="${state}"] > button`).click();
  // The panel is headed by the state's title; its code name is the heading's data-state.
  await panelOf(page).locator(`h2[data-state="${state}"]`).waitFor();
  await screenOf(page).waitFor();
}

describe('the flow explorer', () => {
  it('lists every machine of the registry with the coverage of the last model run', async () => {
    const { page, errors, close } = await open('flows');
    await page.getByRole('heading', { level: 1, name: 'Flows' }).waitFor();
    const rows = page.locator('tr[data-flow]');
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-flow')))).toEqual(
      Object.keys(machines),
    );
    // The compositions of test/model/compositions (login+twoFactorSetup, …) are rows of the run, not flows of /flows.
    for (const { machine, states, transitions } of report.machines.filter((row) => row.machine in machines)) {
      const row = page.locator(`tr[data-flow="${machine}"]`);
      expect(await row.locator('[data-coverage="states"] [data-count]').textContent(), machine).toBe(
        `${states.covered}/${states.total}`,
      );
      expect(await row.locator('[data-coverage="transitions"] [data-count]').textContent(), machine).toBe(
        `${transitions.covered}/${transitions.total}`,
      );
    }
    await expectNoAxeViolations(page, '/flows');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the screen of every state of login, stepping through the path that reaches it', async () => {
    const { page, errors, close } = await open('flows/login');
    await page.getByRole('heading', { level: 1, name: 'Log-in with password and code' }).waitFor();
    const login = report.machines.find((row) => row.machine === 'login');
    expect(
      await page
        .getByTestId('flow-coverage')
        .locator('[data-coverage="transitions"] [data-count]')
        .textContent(),
    ).toBe(`${login?.transitions.covered}/${login?.transitions.total}`);
    for (const { path } of describeMachine(machines.login).states) {
      await chooseState(page, path);
      expect(new URL(page.url()).searchParams.get('state')).toBe(path);
    }
    await chooseState(page, 'enteringCode');
    await screenOf(page).getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
    await screenOf(page).getByLabel('Authentication code').waitFor();
    await chooseState(page, 'settingUpTwoFactor');
    await screenOf(page).getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    // The shown setup (loaded lazily) titles the document as its page would; the explorer keeps its own title.
    await expect.poll(() => page.title()).toBe('Flow: Log-in with password and code - Account');

    // Step back along the path to the code form, then forward again.
    await chooseState(page, 'enteringCode');
    const count = page.getByTestId('step-count');
    const [, total] = /Step \d+ of (\d+)/.exec((await count.textContent()) ?? '') ?? [];
    await page.getByRole('button', { name: 'Previous step' }).click();
    await expect.poll(() => count.textContent()).toBe(`Step ${Number(total) - 1} of ${total}`);
    await screenOf(page).getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByRole('button', { name: 'Next step' }).click();
    await screenOf(page).getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
    // In the chosen locale: the screen speaks German, the explorer around it stays in the visitor's language.
    await page.getByLabel('Language of the screen').selectOption('de-DE');
    await screenOf(page)
      .getByRole('heading', { level: 1, name: translated('de-DE', 'Enter your code') })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('locale')).toBe('de-DE');
    await page.getByRole('button', { name: 'Previous step' }).waitFor();
    await expectNoAxeViolations(page, '/flows/login?state=enteringCode');
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a linked state, and its states are reachable by keyboard', async () => {
    const { page, errors, close } = await open('flows/login?state=enteringCode', { width: 360, height: 740 });
    await screenOf(page).getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
    // From the top of the page, Tab reaches the diagram's states; Enter on one opens it.
    await page.locator('body').focus();
    let focused = '';
    for (let press = 0; press < 30 && focused !== 'editingPassword'; press++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(
        () => document.activeElement?.closest('li')?.getAttribute('data-state') ?? '',
      );
    }
    expect(focused).toBe('editingPassword');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Checking e-mail and password',
    );
    await page.keyboard.press('Enter');
    await panelOf(page).getByRole('heading', { level: 2, name: 'Checking e-mail and password' }).waitFor();
    await expectNoAxeViolations(page, '/flows/login at 360 px');
    expect(errors).toEqual([]);
    await close();
  });

  it('leads from a state’s spec reference to its clause in the specification', async () => {
    const { page, errors, close } = await open('flows/login?state=enteringCode');
    await panelOf(page).getByText('Where this comes from').click();
    await panelOf(page).getByRole('link', { name: 'spec 2 Login' }).click();
    await page.waitForURL(/\/flows\/spec#login$/);
    const clause = page.locator('h3#login');
    await clause.waitFor();
    // Marked as the linked clause (the page drew it after the browser chose its :target).
    expect(await clause.evaluate((heading) => heading.matches(':target, [data-linked]'))).toBe(true);
    expect(await clause.evaluate((heading) => heading.getBoundingClientRect().top)).toBeLessThan(200);
    await expectNoAxeViolations(page, '/flows/spec');
    expect(errors).toEqual([]);
    await close();
  });
});

/** The text of an SVG element's lines, a wrapped title or label read as one. */
const linesOf = (texts: Element[]) =>
  texts.map((text) => [...text.querySelectorAll('tspan')].map((line) => line.textContent).join(' '));

describe('a product owner takes the flows away', () => {
  it('reads a labelled diagram in German, downloads it as SVG and PNG, and by keyboard', async () => {
    const context = await newWatchedContext(browser, {
      locale: 'de-DE',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(new URL('flows/login', inject('fakeSiteUrl')).href);
    const de = (source: string) => translated('de-DE', source);
    await page.getByRole('heading', { level: 1, name: de('Log-in with password and code') }).waitFor();
    const graph = page.getByTestId('flow-graph');
    const titles = await graph.locator('g[data-state] > text').evaluateAll(linesOf);
    expect(titles).toContain(de('Entering the one-time code'));
    const labels = await graph.locator('g[data-transition] > text').evaluateAll(linesOf);
    expect(labels).toContain(
      de('{event} (if {guard})')
        .replace('{event}', de('Submit'))
        .replace('{guard}', de('the code is complete')),
    );
    expect(labels.join(' ')).not.toMatch(/form\.submit|isCodeFormValid|\{/);

    // SVG: a file that parses as SVG and names the flow's states in German.
    const [svgDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: de('Download SVG') }).click(),
    ]);
    expect(svgDownload.suggestedFilename()).toBe('login-de-DE.svg');
    const svgText = readFileSync(await downloadedFile(svgDownload), 'utf8');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      if (doc.querySelector('parsererror') || doc.documentElement.localName !== 'svg') return undefined;
      return [...doc.querySelectorAll('g[data-state] > text')].map((t) =>
        [...t.querySelectorAll('tspan')].map((line) => line.textContent).join(' '),
      );
    }, svgText);
    expect(parsed).toEqual(titles);
    // The flow's states, by their German titles: one box each (and the machine's own any-state box).
    for (const title of ['Entering e-mail and password', 'Entering the one-time code', 'Logged in, going on'])
      expect(parsed).toContain(de(title));
    expect(parsed).toHaveLength(describeMachine(machines.login).states.length + 1);
    // Stamped under the picture and in its description: title, language, date and the build's release.
    expect(svgText).toMatch(
      /<desc>[^<]+ · Deutsch \(Deutschland\) · \d+\. [^<]+ \d{4} · Version \d+\.\d+\.\d+[^<]*<\/desc>/,
    );

    // PNG: the signature, the picture's size doubled, and plenty of bytes (not a blank canvas).
    const [pngDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: de('Download PNG') }).click(),
    ]);
    expect(pngDownload.suggestedFilename()).toBe('login-de-DE.png');
    const png = readFileSync(await downloadedFile(pngDownload));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svgWidth = Number(await graph.getAttribute('width'));
    expect(png.readUInt32BE(16)).toBe(Math.ceil(svgWidth * 2));
    expect(png.length).toBeGreaterThan(20_000);

    // By keyboard: the engineer's view is one toggle away, and the download one key press.
    const toggle = page.getByRole('checkbox', { name: de('Engineer’s view (state names, events, guards)') });
    await page.locator('body').focus();
    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    await expect
      .poll(() => graph.locator('g[data-transition] > text').evaluateAll(linesOf))
      .toContain('form.submit [isCodeFormValid]');
    await tabTo(page, page.getByRole('button', { name: de('Download SVG') }));
    const [keyed] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(keyed.suggestedFilename()).toBe('login-engineer-de-DE.svg');
    await expectNoAxeViolations(page, '/flows/login in German');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens step 2 of a shared link, beside the diagram on a wide screen', async () => {
    const context = await newWatchedContext(browser, {
      locale: 'de-DE',
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(new URL('flows/login?state=enteringCode&step=2', inject('fakeSiteUrl')).href);
    const count = page.getByTestId('step-count');
    const step = translated('de-DE', 'Step {taken} of {total}');
    await expect
      .poll(async () => (await count.textContent()) ?? '', { timeout: 30_000 })
      .toMatch(new RegExp(`^${step.replace('{taken}', '2').replace('{total}', '\\d+')}$`));
    expect(new URL(page.url()).searchParams.get('step')).toBe('2');
    const diagram = await page.locator('.flow-layout__diagram').boundingBox();
    const panel = await panelOf(page).boundingBox();
    expect(panel && diagram && panel.x >= diagram.x + diagram.width).toBe(true);
    // The diagram takes the window's width beside the panel, not half of a fixed 72rem page (562 px).
    expect(diagram && panel && diagram.width > panel.width && diagram.width > 0.55 * 1400).toBe(true);
    // Desktop width: the preview as wide as the page (the panel below the diagram, as wide as the layout).
    await screenOf(page)
      .getByRole('button', { name: translated('de-DE', 'Desktop width') })
      .click();
    const layout = await page.locator('.flow-layout').boundingBox();
    await expect
      .poll(async () => (await panelOf(page).boundingBox())?.width ?? 0)
      .toBeGreaterThan((layout?.width ?? Number.POSITIVE_INFINITY) - 2);
    expect(layout?.width).toBeGreaterThan(1000);
    // Both measured anew: the click may have scrolled the page.
    const [above, below] = [
      await page.locator('.flow-layout__diagram').boundingBox(),
      await panelOf(page).boundingBox(),
    ];
    expect(below && above && below.y >= above.y + above.height - 1).toBe(true);
    await context.close();
  });

  it('prints the overview: one flow per PDF page (a large one in parts), no controls', async () => {
    const context = await newWatchedContext(browser, { locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(new URL('flows', inject('fakeSiteUrl')).href);
    await page.getByRole('link', { name: translated('de-DE', 'Printable overview of all flows') }).click();
    await page.getByRole('heading', { level: 1, name: translated('de-DE', 'All flows') }).waitFor();
    expect(await page.locator('section.flow-sheet .flow-sheet__picture svg').count()).toBe(
      Object.keys(machines).length,
    );
    await expectNoAxeViolations(page, '/flows/overview');
    await page.emulateMedia({ media: 'print' });
    expect(
      await page.getByRole('button', { name: translated('de-DE', 'Print or save as PDF') }).isVisible(),
    ).toBe(false);
    // Nothing cut: every printed picture, or part of one, fits the page's width.
    const widths = await page
      .locator('section.flow-sheet:not([data-print="tiles"]) .flow-sheet__picture svg, [data-tile] svg')
      .evaluateAll((svgs) =>
        svgs.map((svg) => svg.getBoundingClientRect().right <= document.documentElement.clientWidth + 1),
      );
    expect(widths.every(Boolean)).toBe(true);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    // One page a flow, a large one in parts of a page each (7 pt text at the least: ui/flows/graph/printPlan.ts).
    const planned = await page
      .locator('section.flow-sheet')
      .evaluateAll((sheets) =>
        sheets.map((sheet) => Math.max(1, sheet.querySelectorAll('[data-tile]').length)),
      );
    expect(planned.length).toBe(Object.keys(machines).length);
    expect(planned.some((parts) => parts > 1)).toBe(true);
    expect(pages).toHaveLength(planned.reduce((sum, parts) => sum + parts, 0));
    await context.close();
  });
});

describe('the components page', () => {
  it('draws the design system in both palettes whatever the visitor chose, each part working, axe clean', async () => {
    // The page's own scheme is dark: the light part is light all the same.
    const context = await newWatchedContext(browser, { locale: 'en-US', colorScheme: 'dark' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(new URL('flows', inject('fakeSiteUrl')).href);
    await page.getByRole('link', { name: "The design system's components" }).click();
    await page.getByRole('heading', { level: 1, name: 'Components' }).waitFor();
    const part = (name: string) => page.getByRole('region', { name, exact: true });
    const ground = (name: string) => part(name).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await ground('Light')).toBe('rgb(244, 246, 249)');
    expect(await ground('Dark')).toBe('rgb(15, 19, 25)');
    const button = (name: string) =>
      part(name)
        .locator('[data-component="Button"]')
        .getByRole('button', { name: 'Log in' })
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await button('Light')).toBe('rgb(52, 81, 209)');
    expect(await button('Dark')).toBe('rgb(147, 166, 255)');
    const components = await part('Dark')
      .locator('[data-component]')
      .evaluateAll((all) => all.map((el) => el.getAttribute('data-component')));
    expect(components).toEqual([
      'Button',
      'TextField',
      'ui-card',
      'Tabs + SortableTable',
      'Pager',
      'Alert',
      'Badge',
      'RowList',
      'EmptyState',
      'DisclosureMenu',
      'Skeleton',
      'Stepper',
      'Loader',
      'Modal',
    ]);
    await expectNoAxeViolations(page, '/flows/components');

    // In the dark part: the table sorts, the tabs switch to the empty list, the dialog opens dark and closes.
    const dark = part('Dark');
    const names = () => dark.locator('tbody tr td:first-child').allTextContents();
    expect(await names()).toEqual(['Ceramtec', 'Lit', 'Wernsing Food Family']);
    await dark.getByRole('button', { name: /^Name/ }).click();
    expect(await names()).toEqual(['Wernsing Food Family', 'Lit', 'Ceramtec']);
    const menu = dark.getByRole('navigation', { name: 'Sections of your account (Dark)' });
    await menu.getByRole('button', { name: /Section: Profile/ }).click();
    await menu.getByRole('link', { name: 'Security' }).waitFor();
    await dark.getByRole('tab', { name: /Organisations/ }).click();
    await dark.getByText('No organisations found that match your search').waitFor();
    await dark.locator('[data-component="Modal"]').getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');
    await expectNoAxeViolations(page, '/flows/components with the dialog open');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the production build', () => {
  it('has no flow explorer: /flows is the not-found page with 404, and no chunk of it exists', async () => {
    const serverUrl = inject('serverUrl');
    for (const path of ['flows', 'flows/login?state=enteringCode', 'flows/components']) {
      const response = await fetch(new URL(path, serverUrl));
      expect(response.status, path).toBe(404);
    }
    const context = await newWatchedContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    await page.goto(new URL('flows/login', serverUrl).href);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectNoAxeViolations(page, 'not-found page');
    expect(
      scripts.filter((url) => /flows/i.test(url.replace(serverUrl, '')) && !url.endsWith('/flows/login')),
    ).toEqual([]);
    expect(readdirSync('dist/assets').filter((file) => /flow/i.test(file))).toEqual([]);
    // Nor the components page, in any chunk or stylesheet.
    expect(
      readdirSync('dist/assets').filter((file) =>
        readFileSync(`dist/assets/${file}`, 'latin1').includes('flows-gallery'),
      ),
    ).toEqual([]);
    expect(existsSync('dist/flows.txt')).toBe(false);
    await context.close();
  });
});

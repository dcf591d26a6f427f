import { existsSync, readdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import report from '../../docs/coverage/model.json';
import { machines } from '../../machines/registry';
import { describeMachine } from '../model/machineDefinition';
import { expectNoCspViolations, launchChromium, newWatchedContext } from './browser';
import { translated } from './catalog';
import { expectNoAxeViolations } from './support';

/**
 * The flow explorer (/flows) on the fake-service build, which has it; and its absence from the production build
 * the reference server serves (globalSetup builds both).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
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
  await panelOf(page)
    .getByRole('heading', { level: 2, name: `State ${state}` })
    .waitFor();
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
    for (const { machine, states, transitions } of report.machines) {
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
    await page.getByRole('heading', { level: 1, name: 'Flow login' }).waitFor();
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
    await expect.poll(() => page.title()).toBe('Flow login - Account');

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
    for (let press = 0; press < 12 && focused !== 'editingPassword'; press++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(
        () => document.activeElement?.closest('li')?.getAttribute('data-state') ?? '',
      );
    }
    expect(focused).toBe('editingPassword');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('submittingPassword');
    await page.keyboard.press('Enter');
    await panelOf(page).getByRole('heading', { level: 2, name: 'State submittingPassword' }).waitFor();
    await expectNoAxeViolations(page, '/flows/login at 360 px');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the production build', () => {
  it('has no flow explorer: /flows is the not-found page with 404, and no chunk of it exists', async () => {
    const serverUrl = inject('serverUrl');
    for (const path of ['flows', 'flows/login?state=enteringCode']) {
      const response = await fetch(new URL(path, serverUrl));
      expect(response.status, path).toBe(404);
    }
    const context = await newWatchedContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    await page.goto(new URL('flows/login', serverUrl).href);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(
      scripts.filter((url) => /flows/i.test(url.replace(serverUrl, '')) && !url.endsWith('/flows/login')),
    ).toEqual([]);
    expect(readdirSync('dist/assets').filter((file) => /flow/i.test(file))).toEqual([]);
    expect(existsSync('dist/flows.txt')).toBe(false);
    await context.close();
  });
});

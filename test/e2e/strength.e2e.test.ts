import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations } from './support';

/**
 * The strength bar judged in the browser (docs/decisions/operations.md: The strength bar is judged in the browser),
 * on the curator sign-up against the reference server: below the minimum it names the minimum, then zxcvbn's score
 * from the strength worker, and nothing typed leaves the page before the submit; while the worker's files are on
 * their way it says it is checking; when they cannot be loaded it says so, and the sign-up still goes through.
 */
const PASSWORD = 'Kartoffelsalat'; // strengthFixture.ts: 4 in English

let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;
const WORKER = '**/assets/strengthWorker-*.js';

async function openRegister(
  onWorker?: (route: Route) => Promise<void> | void,
): Promise<{ page: Page; sent: Request[] }> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  if (onWorker) await context.route(WORKER, onWorker);
  const page = await context.newPage();
  const sent: Request[] = [];
  page.on('request', (request) => sent.push(request));
  await page.goto(url('/register'));
  await page.getByRole('heading', { level: 1, name: 'Create your channel' }).waitFor();
  await appIsLive(page);
  return { page, sent };
}

const password = (page: Page) => page.getByLabel('Password', { exact: true });
const meter = (page: Page) => page.getByRole('meter', { name: 'Password strength' });
const shows = (page: Page, text: string) =>
  expect.poll(() => meter(page).getAttribute('aria-valuetext'), { timeout: 20_000 }).toBe(text);

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('the strength bar (spec 5)', () => {
  it('names the minimum, then judges in the browser, and sends no typed password before the submit', async () => {
    const { page, sent } = await openRegister();
    await password(page).fill('Kart');
    await shows(page, 'At least 5 characters');
    await expect.poll(() => page.getByText('At least 5 characters').isVisible()).toBe(true);
    await password(page).fill(PASSWORD);
    await shows(page, 'Strong (100%)');
    await expectNoAxeViolations(page, 'sign-up with a judged password');

    expect(sent.some((request) => /strengthWorker-/.test(request.url()))).toBe(true);
    const carrying = sent.filter(
      (request) => request.url().includes('Kart') || (request.postData() ?? '').includes('Kart'),
    );
    expect(carrying.map((request) => request.url())).toEqual([]);
    await page.context().close();
  });

  it('says it is checking while the worker is on its way, and judges once it arrives', async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { page } = await openRegister(async (route) => {
      await arrived;
      await route.continue();
    });
    await password(page).fill(PASSWORD);
    await shows(page, 'Checking…');
    await expect.poll(() => page.getByText('Checking…').isVisible()).toBe(true);
    release();
    await shows(page, 'Strong (100%)');
    await page.context().close();
  });

  it('says so when the worker cannot be loaded, and the sign-up still goes through', async () => {
    const { page } = await openRegister((route) => route.abort());
    await page.getByLabel('Channel name', { exact: true }).fill('Strength Unloaded');
    await page.getByLabel('Your name', { exact: true }).fill('Sam Strength');
    await page.getByLabel('E-mail', { exact: true }).fill('strength-unloaded@example.com');
    await password(page).fill(PASSWORD);
    await shows(page, 'Strength check unavailable');
    await expect.poll(() => page.getByText('Strength check unavailable').isVisible()).toBe(true);
    await page.getByRole('checkbox').check();
    await password(page).press('Enter');
    await page.waitForURL((u) => u.pathname === '/me', { timeout: 30_000 });
    await page.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations, linkInMail, mailbox } from './support';

/**
 * Sign-up journeys (spec 2 Register) against the reference server, by the keyboard alone: a curator signs up,
 * lands on /me signed in, where the banner's 'Send again' waits a visible minute (the browser's clock is
 * Playwright's, moved on instead of waited for) and then mails the confirmation again, and the confirmation link
 * from the mailbox confirms; a second sign-up with the same subdomain shows the subdomain error under the field
 * with every other value kept.
 */
const CURATOR = 'register-journey@example.com';
const PASSWORD = 'journey-password-1';

let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;

async function openPage(path: string, { clock = false } = {}): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  // A clock the journey can move on (it runs as usual until then): timers made before it was installed would not.
  if (clock) await context.clock.install();
  const page = await context.newPage();
  await page.goto(url(path));
  // The drawn page is inert until the app runs it: neither the keyboard nor axe can reach it before then.
  await appIsLive(page);
  return page;
}

/** Tab to a field by its label (the focus must arrive there by the keyboard), then type. */
async function typeInto(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  for (let i = 0; i < 30 && !(await field.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  expect(await field.evaluate((el) => el === document.activeElement), `${label} reached by Tab`).toBe(true);
  await page.keyboard.type(value);
}

async function tabTo(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Tab') {
  for (let i = 0; i < 40 && !(await locator.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press(key);
  expect(await locator.evaluate((el) => el === document.activeElement)).toBe(true);
}

async function fillCurator(page: Page, email: string, channel = 'Register Journey', password = PASSWORD) {
  await page.getByRole('heading', { level: 1, name: 'Create your channel' }).waitFor();
  await typeInto(page, 'Channel name', channel);
  await page.getByText(`${channel.toLowerCase().replace(/ /g, '')}-welcome.`).waitFor();
  await typeInto(page, 'Your name', 'Jo Journey');
  await typeInto(page, 'E-mail', email);
  await typeInto(page, 'Password', password);
  await page.getByRole('meter').waitFor();
  await tabTo(page, page.getByRole('checkbox'));
  await page.keyboard.press('Space');
}

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('sign-up as curator (spec 2 Register)', () => {
  it("signs up by keyboard, lands on /me signed in, 'Send again' after the visible wait, and the mailed confirmation link confirms", async () => {
    const page = await openPage('/register', { clock: true });
    await page.getByRole('heading', { level: 1, name: 'Create your channel' }).waitFor();
    await expectNoAxeViolations(page, 'curator sign-up form');
    await fillCurator(page, CURATOR);
    await expectNoAxeViolations(page, 'curator sign-up form filled');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/me');

    // docs/decisions/product.md Check your e-mail: the sign-up's mail was just sent, so 'Send again' waits, visibly.
    await page.getByText('Please verify your email address.').waitFor();
    await appIsLive(page);
    const confirmationMails = async () =>
      (await mailbox(inject('serverUrl'), CURATOR)).filter((mail) =>
        mail.links.some((link) => link.includes('/confirm?token=')),
      ).length;
    await expect.poll(confirmationMails).toBe(1);
    const resend = page.getByRole('button', { name: 'Send again' });
    const secondsLeft = async () => {
      const id = await resend.getAttribute('aria-describedby');
      const text = id ? await page.locator(`[id="${id}"]`).textContent() : null;
      const seconds = /^You can send it again in (\d+) s\.$/.exec(text ?? '')?.[1];
      return seconds === undefined ? undefined : Number(seconds);
    };
    expect(await resend.getAttribute('aria-disabled')).toBe('true');
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(40);
    expect(first).toBeLessThanOrEqual(60);
    // Pressed while it waits, it keeps the focus and sends nothing. (The banner is above the focused heading.)
    await tabTo(page, resend, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.clock.fastForward(10_000);
    await expect.poll(secondsLeft).toBeLessThanOrEqual((first ?? 60) - 10);
    expect(await resend.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText('We have sent the e-mail again.').count()).toBe(0);
    expect(await confirmationMails()).toBe(1);
    await expectNoAxeViolations(page, '/me banner waiting to send again');
    // The wait ends: 'Send again' mails the confirmation again, and the wait starts over.
    await page.clock.fastForward(60_000);
    await expect.poll(() => resend.getAttribute('aria-disabled')).toBeNull();
    expect(await secondsLeft()).toBeUndefined();
    await page.keyboard.press('Enter');
    await page.getByText('We have sent the e-mail again.').waitFor();
    await expect.poll(confirmationMails).toBe(2);
    expect(await resend.getAttribute('aria-disabled')).toBe('true');
    expect(await secondsLeft()).toBeGreaterThan(50);
    await expectNoAxeViolations(page, '/me banner, the confirmation sent again');

    const link = await linkInMail(CURATOR, '/confirm?token=');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
  });

  it('the same subdomain again: the error under the subdomain, the pencil open, every value kept', async () => {
    const page = await openPage('/register');
    await fillCurator(page, 'register-journey-2@example.com');
    await page.keyboard.press('Enter');
    const subdomain = page.getByLabel('Channel subdomain', { exact: true });
    await subdomain.waitFor();
    expect(await subdomain.getAttribute('aria-invalid')).toBe('true');
    // The error is the field's own description (aria-describedby), under it, and the focus can fix it at once.
    const describedBy = ((await subdomain.getAttribute('aria-describedby')) ?? '').split(' ');
    const descriptions = await Promise.all(
      describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions.join(' ')).toContain('This subdomain is already taken.');
    expect(await subdomain.inputValue()).toBe('registerjourney');
    expect(await page.getByLabel('Your name', { exact: true }).inputValue()).toBe('Jo Journey');
    expect(await page.getByLabel('Channel name', { exact: true }).inputValue()).toBe('Register Journey');
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(
      'register-journey-2@example.com',
    );
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(PASSWORD);
    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    await expectNoAxeViolations(page, 'curator sign-up subdomain taken');
  });

  it('a password found in data breaches is refused under the field with how often it was seen; another goes through', async () => {
    // The journeys' server asks a local stand-in range service (test/e2e/globalSetup.ts), never the internet.
    const page = await openPage('/register');
    await appIsLive(page);
    await fillCurator(page, 'register-journey-breached@example.com', 'Breach Journey', 'password123');
    await page.keyboard.press('Enter');
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = ((await password.getAttribute('aria-describedby')) ?? '').split(' ');
    const descriptions = await Promise.all(
      describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions.join(' ')).toContain('appeared in data breaches 251,682 times');
    await expectNoAxeViolations(page, 'curator sign-up, breached password');
    await password.fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/me');
  });
});

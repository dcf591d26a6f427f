import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations, linkInMail, mailbox } from './support';

/**
 * Sign-up by company id (spec 2 Start, Company-specific start pages, Confirm) against the reference server's demo
 * employees (server/seed.ts), driven from the keyboard: fields are typed into, forms sent with Enter, the
 * device-terms modal answered with Escape and Enter. LIT-1001 belongs to the recovery journeys; these use the rest.
 * 'Send again' at the end waits a visible minute: the browser's clock is Playwright's, moved on instead of waited for.
 */
let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;

async function openPage(path: string, { clock = false } = {}): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  // A clock the journey can move on (it runs as usual until then): timers made before it was installed would not.
  if (clock) await context.clock.install();
  const page = await context.newPage();
  await page.goto(url(path));
  return page;
}

/** Types into a labelled field (focus, select all, type) and leaves the focus there. */
async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    organisationSubdomain: localStorage.getItem('start:organisationSubdomain'),
    userLastName: localStorage.getItem('start:userLastName'),
    userCompanyId: localStorage.getItem('start:userCompanyId'),
  }));

async function throughStepOne(page: Page, subdomain: string, lastName: string, companyId: string) {
  await page.getByRole('heading', { name: 'Sign up with your company ID' }).waitFor();
  await typeInto(page, 'Organisation', subdomain);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
  await page.getByText('Step 2 of 3').waitFor();
  await typeInto(page, 'Last name', lastName);
  await typeInto(page, 'Company ID', companyId);
  await page.keyboard.press('Enter');
}

async function emailStep(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Your e-mail address' }).waitFor();
  await typeInto(page, 'E-mail', email);
  await typeInto(page, 'Confirm e-mail', email);
  await page.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Confirm e-mail', { exact: true }).focus();
  await page.keyboard.press('Enter');
}

/**
 * spec 2 Register: the e-mail step's terms checkbox is worded and linked by the organisation's data, as the demo
 * seed has it (server/seed.ts DEMO_ORGANISATION_TERMS: addresses on the reserved .example domain), each
 * organisation address opening in a new tab.
 */
async function expectOrganisationTerms(
  page: Page,
  termsLinkName: string,
  termsHref: string,
  privacyHref: string,
) {
  const links = page.locator('form label').getByRole('link');
  expect(await links.count()).toBe(2);
  const terms = page.locator('form label').getByRole('link', { name: termsLinkName, exact: true });
  expect(await terms.getAttribute('href')).toBe(termsHref);
  for (const [link, href] of [
    [links.nth(0), termsHref],
    [links.nth(1), privacyHref],
  ] as const) {
    expect(await link.getAttribute('href')).toBe(href);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  }
}

/** The seconds 'Send again' says it still waits, from the text that describes the button; none once it may. */
async function secondsLeft(page: Page): Promise<number | undefined> {
  const button = page.getByRole('button', { name: 'Send again' });
  const id = await button.getAttribute('aria-describedby');
  const text = id ? await page.locator(`[id="${id}"]`).textContent() : null;
  const seconds = /^You can send it again in (\d+) s\.$/.exec(text ?? '')?.[1];
  return seconds === undefined ? undefined : Number(seconds);
}

const confirmationMails = async (to: string) =>
  (await mailbox(inject('serverUrl'), to)).filter((mail) =>
    mail.links.some((link) => link.includes('/confirm?token=')),
  ).length;

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('/lit and /unicef', () => {
  it.each([
    [
      '/lit',
      'Welcome to LIT',
      'Max Mustermann',
      'LIT-1002',
      'max.page@example.com',
      'terms of use of LIT',
      'lit',
    ],
    [
      '/unicef',
      'Welcome to UNICEF for every child',
      'Amara Okafor',
      'UC-2001',
      'amara@example.com',
      'terms of use',
      'unicef-for-every-child',
    ],
  ])('%s completes its two steps', async (path, welcome, _name, companyId, email, termsLink, termsHost) => {
    const page = await openPage(path);
    await page.getByRole('heading', { name: welcome }).waitFor();
    await expectNoAxeViolations(page, `${path} step 1`);
    // The server compares the last name: the full name field carries it.
    await typeInto(page, 'Full name', _name.split(' ')[1] ?? _name);
    await typeInto(page, 'Staff number', companyId);
    await page.keyboard.press('Enter');
    await page.getByText('Step 2 of 2').waitFor();
    await expectOrganisationTerms(
      page,
      termsLink,
      `https://${termsHost}.example/terms`,
      `https://${termsHost}.example/privacy`,
    );
    await typeInto(page, 'E-mail', email);
    await typeInto(page, 'Confirm e-mail', 'other@example.com');
    await page.getByText('Email should be equal').waitFor();
    // The submit that cannot be sent yet is reached by Tab and says why (docs/decisions/README.md).
    const signUp = page.getByRole('button', { name: 'Sign up' });
    await page.getByRole('checkbox').focus();
    let focused = false;
    for (let presses = 0; presses < 5 && !focused; presses++) {
      await page.keyboard.press('Tab');
      focused = await signUp.evaluate((button) => button === document.activeElement);
    }
    expect(focused).toBe(true);
    expect(await signUp.getAttribute('aria-disabled')).toBe('true');
    expect(
      await signUp.evaluate((button) =>
        button
          .getAttribute('aria-describedby')
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      ),
    ).toBe('Both e-mail addresses must be the same before you can sign up.');
    await expectNoAxeViolations(page, `${path} step 2 with a mismatch`);
    await emailStep(page, email);
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await page.getByText(/download the app/).waitFor();
    // docs/decisions/product.md Check your e-mail: 'Send again' waits, visibly, after the mail.
    expect(await page.getByRole('button', { name: 'Send again' }).getAttribute('aria-disabled')).toBe('true');
    expect(await secondsLeft(page)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, `${path} success`);
  });

  it('an unknown staff number shows the unknown-user message with a contact link', async () => {
    const page = await openPage('/lit');
    await typeInto(page, 'Full name', 'Nobody');
    await typeInto(page, 'Staff number', 'LIT-9999');
    await page.keyboard.press('Enter');
    await page.getByText(/Error: Unknown user information/).waitFor();
    expect(await page.getByRole('link', { name: /Contact us at/ }).getAttribute('href')).toMatch(/^mailto:/);
    await expectNoAxeViolations(page, '/lit unknown user');
  });
});

describe('/start', () => {
  it('lit through the three steps; a reload restores the fields; the mail confirms with the lit next steps', async () => {
    const page = await openPage('/start');
    await page.getByText('Step 1 of 3').waitFor();
    await expectNoAxeViolations(page, '/start step 0');
    await throughStepOne(page, 'lit', 'Mustermann', 'LIT-1002');
    await page.getByRole('heading', { name: 'Your e-mail address' }).waitFor();
    // lit's wording and addresses, from the answer of step 0 (the organisation's data).
    await expectOrganisationTerms(
      page,
      'terms of use of LIT',
      'https://lit.example/terms',
      'https://lit.example/privacy',
    );
    await expectNoAxeViolations(page, '/start step 2');
    // A reload starts at step 0 with the stored fields (spec 3).
    await page.reload();
    expect(await page.getByLabel('Organisation', { exact: true }).inputValue()).toBe('lit');
    await page.getByLabel('Organisation', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    expect(await page.getByLabel('Last name', { exact: true }).inputValue()).toBe('Mustermann');
    expect(await page.getByLabel('Company ID', { exact: true }).inputValue()).toBe('LIT-1002');
    await page.getByLabel('Company ID', { exact: true }).focus();
    await page.keyboard.press('Enter');
    // The /lit journey may have registered Max already: a pending registration stays with its address
    // (docs/decisions/security.md: A pending company-id sign-up stays with its address), so this one uses the same.
    const email = 'max.page@example.com';
    await emailStep(page, email);
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await expectNoAxeViolations(page, '/start success');
    expect(await stored(page)).toEqual({
      organisationSubdomain: null,
      userLastName: null,
      userCompanyId: null,
    });

    const link = await linkInMail(email, '/confirm?token=');
    await page.goto(link);
    await page.getByText('Welcome to LIT! Your account is ready.').waitFor();
    const setLink = await linkInMail(email, '/forgot_password_set?token=');
    await page.goto(setLink);
    await typeInto(page, 'New password', 'max-new-password');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    await page.goto(url('/login'));
    // /login is drawn by the server and inert until the app runs it: keys typed before then go nowhere.
    await appIsLive(page);
    await typeInto(page, 'E-mail', email);
    await typeInto(page, 'Password', 'max-new-password');
    await page.keyboard.press('Enter');
    // The login lands on /me: its answer is what this journey checks, not the whole page's load event, which on a
    // machine running every journey at once has been seen to take longer than the wait.
    await page.waitForURL((u) => u.pathname === '/me', { waitUntil: 'commit' });
  });

  it('an unknown company id shows its message and clears the stored last name and company id', async () => {
    const page = await openPage('/start');
    await throughStepOne(page, 'lit', 'Nobody', 'LIT-0000');
    await page
      .getByText('We could not find this company ID. Please check your last name and company ID.')
      .waitFor();
    expect(await stored(page)).toEqual({
      organisationSubdomain: 'lit',
      userLastName: null,
      userCompanyId: null,
    });
    await expectNoAxeViolations(page, '/start unknown company id');
  });

  it("papier_union: the device-terms modal; Escape keeps the form, confirm registers; 'Send again' after the visible wait", async () => {
    const page = await openPage('/start', { clock: true });
    await throughStepOne(page, 'Papier_Union', 'Papier', 'PU-3001');
    await page.getByRole('heading', { name: 'Your e-mail address' }).waitFor();
    // papier_union has no terms of its own: the site's wording and pages, as plain links.
    const siteTerms = page.locator('form label').getByRole('link', { name: 'terms of service', exact: true });
    expect(await siteTerms.getAttribute('href')).toBe('/terms-of-service');
    expect(await siteTerms.getAttribute('target')).toBeNull();
    await emailStep(page, 'paula@example.com');
    const dialog = page.getByRole('dialog', { name: 'Nutzungsbedingungen für private Endgeräte' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, '/start device terms');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('paula@example.com');
    await page.getByLabel('Confirm e-mail', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    // docs/decisions/product.md Check your e-mail: the wait is visible, and the button refuses until it ends.
    const email = 'paula@example.com';
    await expect.poll(() => confirmationMails(email)).toBe(1);
    const resend = page.getByRole('button', { name: 'Send again' });
    expect(await resend.getAttribute('aria-disabled')).toBe('true');
    const first = (await secondsLeft(page)) ?? 0;
    expect(first).toBeGreaterThan(40);
    await resend.focus();
    await page.keyboard.press('Enter');
    await page.clock.fastForward(10_000);
    await expect.poll(() => secondsLeft(page)).toBeLessThanOrEqual(first - 10);
    expect(await confirmationMails(email)).toBe(1);
    expect(await page.getByText('We have sent the e-mail again.').count()).toBe(0);
    await expectNoAxeViolations(page, '/start success, waiting to send again');
    // Then the same registration again: the confirmation goes to the same address, and the wait starts over.
    await page.clock.fastForward(60_000);
    await expect.poll(() => resend.getAttribute('aria-disabled')).toBeNull();
    expect(await resend.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('We have sent the e-mail again.').waitFor();
    await expect.poll(() => confirmationMails(email)).toBe(2);
    expect(await resend.getAttribute('aria-disabled')).toBe('true');
    expect(await secondsLeft(page)).toBeGreaterThan(50);
    await expectNoAxeViolations(page, '/start success, sent again');
  });
});

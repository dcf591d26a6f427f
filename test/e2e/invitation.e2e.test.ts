import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { awaitFreshPeriod, expectNoAxeViolations, linkInMail, totpCode } from './support';

/**
 * Sign-up by invitation (spec 2 Register (invitation), spec 4 Invite registration) against the reference server and
 * its demo invitations (server/seed.ts), by the keyboard alone: invitee@example.com opens the link of its mail,
 * signs up, lands on the channel's URL and logs in with the new password; the link is then invalid;
 * invitee-2fa@example.com, invited into an organisation that enforces two-factor, sets up an authenticator on the
 * way (a code computed from the secret shown) and sees its recovery codes before leaving.
 *
 * Channels live on hosts of their own (`{channel}-{organisation}.{platform host}`, api/contract/urls.ts). A host label
 * in front of 127.0.0.1 is no valid URL, so these journeys use the same server as `localhost`, whose subdomains
 * Chromium sends to the loopback too; the channel sites themselves are not this app: a stub page answers them.
 */
const PASSWORD = 'invited-password-1';

let browser: Browser;
const server = () => new URL(inject('serverUrl'));
/** The server as localhost (see above), so channel hosts are `{label}.localhost:{port}`. */
const siteOrigin = () => `http://localhost:${server().port}`;
const onSite = (link: string) => {
  const url = new URL(link);
  return `${siteOrigin()}${url.pathname}${url.search}`;
};
const channelHost = (label: string) => `${label}.localhost:${server().port}`;

async function newContext(): Promise<BrowserContext> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  // The channel sites: a page of their own, not this app.
  await context.route(/^http:\/\/[a-z0-9-]+\.localhost:\d+\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Channel</title>' }),
  );
  return context;
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Tab until `locator` has the focus (the keyboard alone gets there). */
async function tabTo(page: Page, locator: Locator) {
  for (let i = 0; i < 40 && !(await isFocused(locator)); i++) await page.keyboard.press('Tab');
  expect(await isFocused(locator)).toBe(true);
}

async function typeInto(page: Page, label: string, value: string, { replace = false } = {}) {
  await tabTo(page, page.getByLabel(label, { exact: true }));
  if (replace) await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
}

/** The form of spec 2 Register (invitation), filled by keyboard: a new name, the password, the terms; then sent. */
async function signUp(page: Page, organisationName: string) {
  const heading = page.getByRole('heading', { level: 1, name: `Welcome to ${organisationName}` });
  await heading.waitFor();
  await expect.poll(() => isFocused(heading)).toBe(true);
  await typeInto(page, 'Your name', 'Ivy Joined', { replace: true });
  await typeInto(page, 'Password', PASSWORD);
  await page.getByRole('meter').waitFor();
  await tabTo(page, page.getByRole('checkbox'));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Sign up' }));
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('sign-up by invitation (spec 2 Register)', () => {
  it('invitee@example.com: the mailed link, the form, the channel URL, a login with the new password; then the link is invalid', async () => {
    const link = onSite(await linkInMail('invitee@example.com', '/register?token='));
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(link);

    await page.getByRole('heading', { level: 1, name: 'Welcome to Channels' }).waitFor();
    expect(await page.title()).toBe('Welcome to Channels - Account');
    // spec 2: the invitee, the channel preview, the prefilled name, the invited e-mail read-only.
    expect(await page.getByTestId('channel-preview').textContent()).toBe(
      `Channel Demo Channel at ${channelHost('demo-welcome')}`,
    );
    expect(await page.getByLabel('Your name', { exact: true }).inputValue()).toBe('Ivy Invitee');
    const email = page.getByLabel('E-mail', { exact: true });
    expect(await email.inputValue()).toBe('invitee@example.com');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    // The default wording (welcome has none of its own), linking the site's pages.
    expect(
      await page.locator('form').getByRole('link', { name: 'terms of service' }).getAttribute('href'),
    ).toBe('/terms-of-service');
    await expectNoAxeViolations(page, 'invitation sign-up form');

    await signUp(page, 'Channels');
    await page.waitForURL((url) => url.host === channelHost('demo-welcome'));

    // The new password logs in.
    await page.goto(`${siteOrigin()}/logout`);
    await page.waitForURL((url) => url.pathname === '/login');
    await typeInto(page, 'E-mail', 'invitee@example.com');
    await typeInto(page, 'Password', PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/me');

    // The same link again: the invitation is used up.
    await page.goto(link);
    const invalid = page.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' });
    await invalid.waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page, 'invitation invalid-token page');
    await tabTo(page, page.getByRole('link', { name: 'Create your own channel' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Create your channel' }).waitFor();
    await context.close();
  });

  it('a token nobody issued shows the invalid-token page, with a way to log in', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${siteOrigin()}/register?token=nobody-issued-this`);
    await page.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' }).waitFor();
    expect(await page.title()).toBe('This invitation is no longer valid - Account');
    await tabTo(page, page.getByRole('link', { name: 'Log in' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('invitee-2fa@example.com into secure (enforces two-factor): the setup inline, a code from the shown secret, the recovery codes, the channel', async () => {
    const link = onSite(await linkInMail('invitee-2fa@example.com', '/register?token='));
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(link);
    await signUp(page, 'Secure');

    // The welcome stays; the setup block follows, its heading focused.
    const setupHeading = page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' });
    await setupHeading.waitFor();
    await expect.poll(() => isFocused(setupHeading)).toBe(true);
    expect(await page.getByText('Welcome to Secure').count()).toBe(1);
    expect(await page.title()).toBe('Set up two-factor authentication - Account');
    await expectNoAxeViolations(page, 'invitation with the two-factor setup');

    await tabTo(page, page.getByRole('button', { name: "Can't scan the QR code? Enter a key instead" }));
    await page.keyboard.press('Enter');
    const groups = (await page.locator('ul.two-factor__secret li').allTextContents()).map((g) => g.trim());
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups.slice(0, -1)) expect(group).toHaveLength(3);
    await expectNoAxeViolations(page, 'invitation with the secret as text');

    // A wrong code first: refused under the field, the same secret still shown (the payload is kept).
    await typeInto(page, 'Code from the app', totpCode(groups.join(''), 40));
    await page.keyboard.press('Enter');
    const code = page.getByLabel('Code from the app', { exact: true });
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    expect((await page.locator('ul.two-factor__secret li').allTextContents()).map((g) => g.trim())).toEqual(
      groups,
    );

    await awaitFreshPeriod();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(totpCode(groups.join('')));
    await page.keyboard.press('Enter');

    const codesHeading = page.getByRole('heading', { level: 1, name: 'Save your recovery codes' });
    await codesHeading.waitFor();
    expect(await page.title()).toBe('Save your recovery codes - Account');
    const codes = (await page.locator('ul.two-factor__codes li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    // The account exists now: no way back to the details.
    expect(await page.getByRole('button', { name: 'Change my name or password' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'invitation recovery codes');
    await typeInto(page, 'To confirm you saved them, type one of the codes', codes[0]!);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.host === channelHost('news-secure'));
    await context.close();
  });
});

describe('sign-up by invitation under the fake service (api/fake answers as the server does)', () => {
  it("'invite-2fa-token': the setup payload, code 123456, recovery codes, the channel; then the token is used up", async () => {
    const fake = new URL(inject('fakeSiteUrl'));
    const page = await (await newContext()).newPage();
    const link = `http://localhost:${fake.port}${fake.pathname}register?token=invite-2fa-token`;
    await page.goto(link);
    await signUp(page, 'Secure Corp');
    await page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }).waitFor();
    await typeInto(page, 'Code from the app', '123456');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }).waitFor();
    const codes = (await page.locator('ul.two-factor__codes li').allTextContents()).map((c) => c.trim());
    await typeInto(page, 'To confirm you saved them, type one of the codes', codes[0]!);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.host === `briefing-securecorp.localhost:${fake.port}`);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' }).waitFor();
    await page.context().close();
  });
});

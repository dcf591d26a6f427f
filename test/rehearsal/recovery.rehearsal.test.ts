import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../e2e/keyboard';
import { expectNoAxeViolations } from '../e2e/support';
import { apiClient, expectOk } from './api';
import { mailedLink, openPage, sharedBrowser, siteUrl, typeInto } from './support';

/**
 * Forgot password by link (in de-DE: the page, and the mail in the person's language) and by magic link, with the
 * links read from what arrived over SMTP; the new password ends every older session (another browser's gets 401);
 * each link works once. She signed up in German: the security notice of her first sign-in in a browser arrives in
 * German although that browser asks for English.
 */
const browser = sharedBrowser();
const PERSON = { email: 'rita.reset@rehearsal.test', old: 'first-password-1', new: 'second-password-2' };

beforeAll(async () => {
  // She signs up in German: her account's language, that of every security notice it gets (docs/decisions/security.md:
  // Security notices), whatever browser a change is made from.
  expectOk(
    await apiClient(siteUrl(), { locale: 'de-DE' }).post('/api/register', {
      email: PERSON.email,
      pwd: PERSON.old,
      screenName: 'Rita Reset',
      channelName: 'Reset Desk',
      subdomain: 'resetdesk',
    }),
    'sign-up',
  );
  await mailedLink({
    to: PERSON.email,
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    locale: 'de-DE',
    linkPart: '/confirm?token=',
  });
});

/** By keyboard, on the (English) login page. */
async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await typeInto(page, 'E-mail', email);
  await typeInto(page, 'Password', password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/me');
}

describe('forgot password', () => {
  it('by link, in German: mail over SMTP -> new password; an older session gets 401; the link works once', async () => {
    // Her first sign-in in a browser (she signed up through the API): the notice of a new browser, in her
    // account's German although this browser asks for English.
    const elsewhere = await openPage(browser(), '/login', 'en-US');
    await logIn(elsewhere, PERSON.email, PERSON.old);
    const { mail: notice } = await mailedLink({
      to: PERSON.email,
      subject: 'Anmeldung aus einem neuen Browser',
      locale: 'de-DE',
      linkPart: '/forgot_password',
    });
    expect(notice.parsed.text).toContain('Hallo Rita Reset');

    const page = await openPage(browser(), '/forgot_password', 'de-DE');
    await page.getByRole('heading', { name: 'Passwort vergessen?' }).waitFor();
    await expectNoAxeViolations(page, '/forgot_password (de-DE)');
    await tabTo(page, page.getByLabel('E-Mail'));
    await page.keyboard.type(PERSON.email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Prüfen Sie Ihre E-Mails' }).waitFor();
    await expectNoAxeViolations(page, 'reset link sent (de-DE)');

    const { mail, link } = await mailedLink({
      to: PERSON.email,
      subject: 'Passwort zurücksetzen',
      locale: 'de-DE',
      linkPart: '/forgot_password_set?token=',
    });
    expect(mail.parsed.text).toContain('Hallo Rita Reset');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Neues Passwort festlegen' }).waitFor();
    await tabTo(page, page.getByLabel('Neues Passwort', { exact: true }));
    await page.keyboard.type(PERSON.new);
    await expectNoAxeViolations(page, 'set a new password (de-DE)');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Ihr Passwort wurde geändert' }).waitFor();
    await expectNoAxeViolations(page, 'password changed (de-DE)');
    // The recovery's notice, written with the change in its transaction, arrives over SMTP in her language, with
    // the way back to a reset if it was not her (docs/decisions/security.md: Security changes are one transaction).
    const { mail: changed } = await mailedLink({
      to: PERSON.email,
      subject: 'Ihr Passwort wurde geändert',
      locale: 'de-DE',
      linkPart: '/forgot_password',
    });
    expect(changed.parsed.text).toContain('Hallo Rita Reset');

    expect(await elsewhere.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
    await elsewhere.context().close();

    await page.goto(link);
    await page.getByRole('heading', { name: 'Dieser Link ist nicht mehr gültig' }).waitFor();
    await expectNoAxeViolations(page, 'used reset link (de-DE)');
    await page.context().close();
  });

  it('by magic link: mail over SMTP -> signed in on /me; the link works once', async () => {
    const page = await openPage(browser(), '/forgot_password_magic');
    await page.getByRole('heading', { name: 'Log in with a magic link' }).waitFor();
    await expectNoAxeViolations(page, '/forgot_password_magic');
    await tabTo(page, page.getByLabel('E-mail'));
    await page.keyboard.type(PERSON.email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await expectNoAxeViolations(page, 'magic link sent');

    const { link } = await mailedLink({
      to: PERSON.email,
      subject: 'Your sign-in link',
      locale: 'en-US',
      linkPart: 'magicLinkToken=',
    });
    await page.goto(link);
    // docs/decisions/security.md: Mailed links wait for a click.
    await page.getByRole('heading', { name: 'Sign in with your link' }).waitFor();
    await expectNoAxeViolations(page, 'magic link opened');
    await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/me' && !url.searchParams.has('magicLinkToken'));
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.email).toBe(PERSON.email);
    await expectNoAxeViolations(page, '/me after the magic link');
    await page.context().close();

    const again = await openPage(browser(), '/login');
    await again.goto(link);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByRole('heading', { name: 'This sign-in link has been used or has expired.' }).waitFor();
    await expectNoAxeViolations(again, 'used magic link');
    await again.context().close();
  });
});

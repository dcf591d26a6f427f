import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tabTo } from '../e2e/keyboard';
import { expectNoAxeViolations } from '../e2e/support';
import { REHEARSAL_EMPLOYEE, REHEARSAL_ORGANISATIONS } from './seedByHand';
import { type MailExpected, mailedLink, openPage, sharedBrowser } from './support';

/**
 * Sign-ups on the production server, by keyboard, with the mails read from what arrived over SMTP: a curator and
 * the confirmation mail; a company-id employee (the employee record made by hand, test/rehearsal/seedByHand.ts)
 * and the welcome mail whose link sets the first password.
 */
const browser = sharedBrowser();

/** The confirmation mail every sign-up sends, in English. */
const confirmationMail = (to: string): MailExpected => ({
  to,
  subject: 'Please confirm your e-mail address',
  locale: 'en-US',
  linkPart: '/confirm?token=',
});

/** Tab to a labelled field (the focus must get there by keyboard), then type. */
async function typeInto(page: Page, label: string, value: string) {
  await tabTo(page, page.getByLabel(label, { exact: true }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
}

describe('sign-up', () => {
  it('as a curator: the screens -> /me; the confirmation mail confirms, once', async () => {
    const email = 'carla.curator@rehearsal.test';
    const page = await openPage(browser(), '/register');
    await page.getByRole('heading', { level: 1, name: 'Create your channel' }).waitFor();
    await expectNoAxeViolations(page, '/register');
    await typeInto(page, 'Channel name', 'Carla Rehearses');
    await typeInto(page, 'Your name', 'Carla Curator');
    await typeInto(page, 'E-mail', email);
    await typeInto(page, 'Password', 'curator-password-1');
    await page.getByRole('meter').waitFor();
    await tabTo(page, page.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/me');

    const { link } = await mailedLink(confirmationMail(email));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    await expectNoAxeViolations(page, 'confirmed');
    // Opened again it confirms nothing more: it says so (docs/decisions.md: A confirmation link opened again).
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your e-mail address is already confirmed' }).waitFor();
    await page.context().close();
  });

  it('by company id: /start -> confirmation mail -> welcome mail -> first password -> login', async () => {
    const email = 'klara.kaufmann@rehearsal.test';
    const page = await openPage(browser(), '/start');
    await page.getByRole('heading', { name: 'Sign up with your company ID' }).waitFor();
    await expectNoAxeViolations(page, '/start');
    await typeInto(page, 'Organisation', REHEARSAL_ORGANISATIONS.company.subdomain);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    await typeInto(page, 'Last name', REHEARSAL_EMPLOYEE.lastName);
    await typeInto(page, 'Company ID', REHEARSAL_EMPLOYEE.companyId);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your e-mail address' }).waitFor();
    await typeInto(page, 'E-mail', email);
    await typeInto(page, 'Confirm e-mail', email);
    await tabTo(page, page.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await page.getByLabel('Confirm e-mail', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await expectNoAxeViolations(page, '/start done');

    const { link: confirmLink } = await mailedLink(confirmationMail(email));
    await page.goto(confirmLink);
    await page.getByText('Welcome! Your company account is ready.').waitFor();
    await expectNoAxeViolations(page, 'confirmed by company id');

    const { link: setLink } = await mailedLink({
      to: email,
      subject: `Welcome to ${REHEARSAL_ORGANISATIONS.company.name}: set your password`,
      locale: 'en-US',
      linkPart: '/forgot_password_set?token=',
    });
    await page.goto(setLink);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await typeInto(page, 'New password', 'klara-password-1');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    await page.goto(setLink);
    await page.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();

    await page.goto(new URL('/login', page.url()).href);
    await typeInto(page, 'E-mail', email);
    await typeInto(page, 'Password', 'klara-password-1');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/me');
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.email).toBe(email);
    await page.context().close();
  });
});

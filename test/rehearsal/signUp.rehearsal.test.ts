import { describe, expect, it } from 'vitest';
import { tabTo } from '../e2e/keyboard';
import { expectNoAxeViolations } from '../e2e/support';
import { REHEARSAL_EMPLOYEE, REHEARSAL_ORGANISATIONS } from './seedByHand';
import { type MailExpected, mailedLink, openPage, sharedBrowser, typeInto } from './support';

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
    // Opened again it confirms nothing more: it says so (docs/decisions/product.md: A confirmation link opened again).
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your e-mail address is already confirmed' }).waitFor();
    await expectNoAxeViolations(page, 'already confirmed');
    await page.context().close();
  });

  it('by company id: /start -> confirmation mail (once) -> welcome mail -> first password (once) -> login', async () => {
    const email = 'klara.kaufmann@rehearsal.test';
    const page = await openPage(browser(), '/start');
    await page.getByRole('heading', { name: 'Sign up with your company ID' }).waitFor();
    await expectNoAxeViolations(page, '/start');
    await typeInto(page, 'Organisation', REHEARSAL_ORGANISATIONS.company.subdomain);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    await expectNoAxeViolations(page, '/start: who are you');
    await typeInto(page, 'Last name', REHEARSAL_EMPLOYEE.lastName);
    await typeInto(page, 'Company ID', REHEARSAL_EMPLOYEE.companyId);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your e-mail address' }).waitFor();
    await expectNoAxeViolations(page, '/start: your e-mail address');
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
    // Opened again it confirms nothing more, and says so (docs/decisions/product.md: A confirmation link opened again).
    await page.goto(confirmLink);
    await page.getByRole('heading', { name: 'Your e-mail address is already confirmed' }).waitFor();
    expect(await page.getByText('Welcome! Your company account is ready.').count()).toBe(0);
    await expectNoAxeViolations(page, 'company-id confirmation opened again');

    const { link: setLink } = await mailedLink({
      to: email,
      subject: `Welcome to ${REHEARSAL_ORGANISATIONS.company.name}: set your password`,
      locale: 'en-US',
      linkPart: '/forgot_password_set?token=',
    });
    await page.goto(setLink);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await typeInto(page, 'New password', 'klara-password-1');
    await expectNoAxeViolations(page, 'company: set the first password');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    await expectNoAxeViolations(page, 'company: password set');
    await page.goto(setLink);
    await page.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
    await expectNoAxeViolations(page, 'company: used set-password link');

    await page.goto(new URL('/login', page.url()).href);
    await typeInto(page, 'E-mail', email);
    await typeInto(page, 'Password', 'klara-password-1');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/me');
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.email).toBe(email);
    await page.context().close();
    // Nine screens, each checked with axe: on a loaded machine that alone has taken more than the default 60 s.
  }, 150_000);
});

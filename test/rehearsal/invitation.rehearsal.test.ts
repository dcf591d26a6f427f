import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tabTo } from '../e2e/keyboard';
import { expectNoAxeViolations } from '../e2e/support';
import { REHEARSAL_INVITEE, REHEARSAL_ORGANISATIONS } from './seedByHand';
import { openPage, rehearsal, sharedBrowser } from './support';

/**
 * Sign-up by invitation (spec 2 Register) on the production server, by keyboard. The invitation is made by hand
 * (test/rehearsal/seedByHand.ts) while this branch has no call to send one; the sign-up lands on the channel's
 * address on the platform's own domain (PLATFORM_HOST), which the rehearsal answers in the browser in place of the
 * platform.
 */
const browser = sharedBrowser();
const PASSWORD = 'invited-password-1';

async function typeInto(page: Page, label: string, value: string) {
  await tabTo(page, page.getByLabel(label, { exact: true }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
}

describe('sign-up by invitation', () => {
  it('the invitation link -> the form -> the channel address; the new password logs in; the link works once', async () => {
    const link = `/register?token=${encodeURIComponent(rehearsal().invitationToken)}`;
    const page = await openPage(browser(), link);
    const platformVisits: string[] = [];
    await page.context().route(
      (url) => url.hostname.endsWith('.platform.rehearsal.test'),
      (route) => {
        platformVisits.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/plain', body: 'the channel' });
      },
    );
    const name = REHEARSAL_ORGANISATIONS.company.name;
    await page.getByRole('heading', { level: 1, name: `Welcome to ${name}` }).waitFor();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(REHEARSAL_INVITEE.email);
    expect(await page.getByLabel('Your name', { exact: true }).inputValue()).toBe(
      REHEARSAL_INVITEE.screenName,
    );
    await expectNoAxeViolations(page, 'invitation sign-up');
    await typeInto(page, 'Password', PASSWORD);
    await page.getByRole('meter').waitFor();
    await tabTo(page, page.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Sign up' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hostname.endsWith('.platform.rehearsal.test'));
    expect(new URL(platformVisits[0] ?? '').hostname).toBe(
      `news-${REHEARSAL_ORGANISATIONS.company.subdomain}.platform.rehearsal.test`,
    );
    await page.context().close();

    const again = await openPage(browser(), '/login');
    await typeInto(again, 'E-mail', REHEARSAL_INVITEE.email);
    await typeInto(again, 'Password', PASSWORD);
    await again.keyboard.press('Enter');
    await again.waitForURL((url) => url.pathname === '/me');
    await again.goto(new URL(link, again.url()).href);
    await again.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' }).waitFor();
    await expectNoAxeViolations(again, 'used invitation');
    await again.context().close();
  });
});

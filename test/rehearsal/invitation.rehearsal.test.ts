import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORGANISATION_SUBDOMAIN } from '../../api/contract/limits';
import { tabTo } from '../e2e/keyboard';
import { expectNoAxeViolations } from '../e2e/support';
import { apiClient, expectOk } from './api';
import { mailedLink, nextMail, openPage, rehearsal, sharedBrowser, siteUrl, typeInto } from './support';

/**
 * Sign-up by invitation (spec 2 Register, spec 6) on the production server, the way a deployment makes one: a
 * curator signs up, confirms the address with the mailed link, and as their channel's admin invites someone
 * (POST /api/invitations); the invitation mail arrives over SMTP; the invitee signs up by keyboard and lands on the
 * channel's address on the platform's own domain (PLATFORM_HOST), which the rehearsal answers in the browser in
 * place of the platform. While the server runs, the operator renames the organisation and gives it an accent with
 * `npm run brand` (README 'Operator commands'): the invitation page shows both at its next load.
 */
const browser = sharedBrowser();
const INVITER = {
  email: 'ines.inviter@rehearsal.test',
  password: 'inviter-password-1',
  name: 'Ines Inviter',
};
const INVITEE = { email: 'ivy.invited@rehearsal.test', name: 'Ivy Invited', password: 'invited-password-1' };
let channel: { id: number | string; name: string; url: string; organisationName: string };

/** `npm run brand -- set` on the rehearsal's database, as an operator runs it beside the serving processes. */
const brand = (...options: string[]) =>
  execFileSync(
    'npm',
    ['run', '--silent', 'brand', '--', 'set', '--organisation', DEFAULT_ORGANISATION_SUBDOMAIN, ...options],
    {
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: rehearsal().databaseUrl },
      encoding: 'utf8',
    },
  );
/** The organisation's rule colour beside the welcome, as drawn. */
const welcomeRule = (page: Page) =>
  page.locator('.ui-brand').evaluate((box) => getComputedStyle(box).borderLeftColor);

afterAll(() => {
  // The other journeys meet the default organisation as a fresh deployment has it.
  if (channel) brand('--name', channel.organisationName, '--accent', 'none');
});

beforeAll(async () => {
  const inviter = apiClient(siteUrl());
  expectOk(
    await inviter.post('/api/register', {
      email: INVITER.email,
      pwd: INVITER.password,
      screenName: INVITER.name,
      channelName: 'Ines Invites',
      subdomain: 'inesinvites',
    }),
    'the inviter signs up',
  );
  // Only a confirmed address may send mail in the site's name.
  const confirmLink = new URL((await nextMail(INVITER.email, '/confirm?token=')).links[0] ?? '');
  expectOk(await inviter.get(`/api/confirm?${confirmLink.searchParams}`), 'the inviter confirms');
  const channels = expectOk(await inviter.get<(typeof channel)[]>('/api/channels'), 'the inviter’s channels');
  channel = channels[0] as typeof channel;
  expectOk(
    await inviter.post('/api/invitations', {
      channelId: channel.id,
      email: INVITEE.email,
      role: 'editor',
      screenName: INVITEE.name,
    }),
    'the invitation',
  );
});

describe('sign-up by invitation', () => {
  it('the mailed link -> the form -> the channel address; the new password logs in; the link works once', async () => {
    const { link } = await mailedLink({
      to: INVITEE.email,
      subject: `${INVITER.name} invites you to ${channel.name}`,
      locale: 'en-US',
      linkPart: '/register?token=',
    });
    const page = await openPage(browser(), new URL(link).pathname + new URL(link).search);
    const channelHost = new URL(channel.url).host;
    const platformVisits: string[] = [];
    await page.context().route(
      (url) => url.host === channelHost,
      (route) => {
        platformVisits.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/plain', body: 'the channel' });
      },
    );
    await page.getByRole('heading', { level: 1, name: `Welcome to ${channel.organisationName}` }).waitFor();
    brand('--name', 'Rehearsal Guild', '--accent', '#c2410c');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Rehearsal Guild' }).waitFor();
    expect(await welcomeRule(page)).toBe('rgb(194, 65, 12)');
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(INVITEE.email);
    expect(await page.getByLabel('Your name', { exact: true }).inputValue()).toBe(INVITEE.name);
    await expectNoAxeViolations(page, 'invitation sign-up');
    await typeInto(page, 'Password', INVITEE.password);
    await page.getByRole('meter').waitFor();
    await tabTo(page, page.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Sign up' }));
    await page.keyboard.press('Enter');
    // The channel's address as the server gives it (PLATFORM_HOST), not one under the account site's host.
    await page.waitForURL((url) => url.host === channelHost);
    expect(new URL(platformVisits[0] ?? '').host).toBe(channelHost);
    await page.context().close();

    const again = await openPage(browser(), '/login');
    await typeInto(again, 'E-mail', INVITEE.email);
    await typeInto(again, 'Password', INVITEE.password);
    await again.keyboard.press('Enter');
    await again.waitForURL((url) => url.pathname === '/me');
    await again.goto(link);
    await again.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' }).waitFor();
    await expectNoAxeViolations(again, 'used invitation');
    await again.context().close();
  });
});

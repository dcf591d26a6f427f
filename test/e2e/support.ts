import AxeBuilder from '@axe-core/playwright';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The code an authenticator app shows now for `secret` (RFC 6238, 30 s, 6 digits), `steps` periods away. */
export function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Waits until a fresh 30 s period starts when less than `margin` ms of the current one is left. */
export async function awaitFreshPeriod(margin = 5000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/**
 * The best-practice rules run beside WCAG's: the headings are one outline with no skipped level (ui/me/README.md:
 * One outline), each page has its h1 and one main, and no heading is empty.
 */
const OUTLINE_RULES = [
  'heading-order',
  'page-has-heading-one',
  'landmark-one-main',
  'empty-heading',
] as const;

/** axe-core on the current page: no violations of WCAG 2.1 A/AA rules, nor of the outline's. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // A drawn page is inert until the app runs it, and axe reads an inert page as one with no heading and no main.
  if ((await page.locator('#root[inert]').count()) > 0) await appIsLive(page);
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(OUTLINE_RULES.map((rule) => [rule, { enabled: true }])) })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${where}`).toEqual([]);
}

export interface MailboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

/** The dev mailbox of the reference server (outside production): newest mail first. */
export async function mailbox(serverUrl: string, to: string): Promise<MailboxMail[]> {
  const answer = await fetch(`${serverUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  if (!answer.ok) throw new Error(`mailbox answered ${answer.status}`);
  return (await answer.json()) as MailboxMail[];
}

/** The newest link to `to` whose URL contains `part`, waiting for the mail to arrive in the dev mailbox. */
export async function linkInMail(to: string, part: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await mailbox(inject('serverUrl'), to))
        .flatMap((mail) => mail.links)
        .find((link) => link.includes(part));
      return found;
    })
    .toBeTruthy();
  return found!;
}

/**
 * Waits until the app runs the page (main.tsx marks the root): a public page's first screen is drawn by the server
 * and is inert until then, or live as a plain form that posts to the server (server/sitePage.ts), so a journey that
 * starts with the keyboard and means the app must not start on the drawing.
 */
export async function appIsLive(page: Page): Promise<void> {
  await page.locator('#root[data-app]').waitFor({ state: 'attached' });
}

/** What a curator signs up with (spec 3 Register, POST /api/register). */
export interface CuratorSignUp {
  email: string;
  pwd: string;
  screenName: string;
  channelName: string;
  subdomain: string;
}

/**
 * A journey's own account, signed up as a curator on the shared server before its browser opens (the sign-up form
 * itself is register.e2e.test.ts's); fails the journey when the server refuses. The answer carries the session the
 * sign-up started.
 */
export async function registerCurator(signUp: CuratorSignUp): Promise<Response> {
  const answer = await fetch(new URL('/api/register', inject('serverUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signUp),
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return answer;
}

import { text as readText } from 'node:stream/consumers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive } from './support';

/**
 * Your data to take away on /me (docs/decisions/security.md: Your data to take away) against the reference server: an
 * account signed up from the page (a session without a step-up, as ten minutes after a login) presses 'Download my
 * data', confirms with its password, and the browser saves account-data.json holding its e-mail address and no
 * secret: not the password, no key named for a hash, secret or token, not the session cookie.
 */
const EMAIL = 'me-export-journey@example.com';
const PASSWORD = 'me-export-journey-password-1';
const url = (path: string) => new URL(path, inject('serverUrl')).href;

let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

/** Every key of a JSON value, at any depth. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : [];

describe('/me data to take away', () => {
  it('downloads the account data after the step-up, with the e-mail and no secret', async () => {
    const context = await newWatchedContext(browser, { locale: 'en-US', acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await appIsLive(page);
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/register', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      {
        email: EMAIL,
        pwd: PASSWORD,
        screenName: 'Ada Export',
        channelName: 'Export Desk',
        subdomain: 'exportdesk',
      },
    );
    expect(status).toBeLessThan(300);
    await page.goto(url('/me/security'));
    await appIsLive(page);

    await page.getByRole('button', { name: 'Download my data' }).click();
    await page.getByRole('heading', { level: 4, name: "Confirm it's you" }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('account-data.json');
    await page.getByRole('status').filter({ hasText: 'Downloaded' }).waitFor();

    // The browser runs remotely: the file is read as a stream, not from a local path.
    const text = await readText(await file.createReadStream());
    const data = JSON.parse(text) as { profile: { email: string } };
    expect(data.profile.email).toBe(EMAIL);
    expect(text).not.toContain(PASSWORD);
    expect(keysOf(data).filter((key) => /hash|secret|token|password/i.test(key))).toEqual([]);
    const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('session'));
    expect(session?.value.length).toBeGreaterThan(16);
    expect(text).not.toContain(session?.value);
    await context.close();
  });
});

import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';

/**
 * The API reference outside production (README 'The API described: OpenAPI'): /api/docs draws every operation of
 * docs/openapi.json in Chromium under its own strict CSP, with no script error and nothing blocked. Its absence in
 * production is shown by server/routes/apiDocs.test.ts.
 */
const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as { paths: Record<string, object> };
/** One block per path and method (the two sign-ups share POST /api/register). */
const operationCount = Object.values(document.paths).reduce(
  (count, methods) => count + Object.keys(methods).length,
  0,
);

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  expectNoCspViolations(browser);
});

describe('/api/docs in demo mode', () => {
  it('shows every operation of the document, and one of them opens', async () => {
    const context = await newWatchedContext(browser);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      // A missing resource is judged by its address below (the browser's own favicon request is not ours).
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
        problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(new URL('/api/docs', inject('serverUrl')).href);
    const operations = page.locator('.opblock');
    await expect.poll(() => operations.count(), { timeout: 15_000 }).toBe(operationCount);
    await page.locator('.opblock-summary', { hasText: '/api/login' }).first().click();
    await page.getByText('FieldValidationError').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * `npm run size`: builds for production, opens /login and /me in Chromium against the built files, and prints
 * the gzip bytes of every JS and CSS file the first load fetched. Fails when /login is over budget or when
 * zxcvbn, Sentry or fuse.js is part of either first load (they belong in lazy chunks).
 * API calls are answered here as the reference server answers them: /login as an anonymous visitor, /me as a
 * signed-in user, the translation call with the compiled en-US catalog (JSON, not part of the JS budget; were the
 * call to fail, the bundled catalog chunk of ~3 KB would load instead).
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { compileCatalog } from '../server/catalogs';
import { launchChromium } from '../test/e2e/browser';
import { serveStatic } from '../test/e2e/staticServer';

const LOGIN_BUDGET_BYTES = 140 * 1024;
const LAZY_ONLY = [/@zxcvbn-ts/, /@sentry/, /fuse\.js/];
const dist = resolve('dist');

const profile = {
  id: 'u1',
  username: 'Demo User',
  email: 'demo@example.com',
  isStaff: false,
  isReader: false,
  accountConfirmationPending: false,
  twoFactorEnebled: false,
  links: {},
  location: {},
};

const englishTexts = await compileCatalog('en-US');

async function answerApi(page: Page, signedIn: boolean) {
  await page.route('**/api/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.endsWith('/api/translation')) return route.fulfill({ json: englishTexts });
    if (path.endsWith('/api/me') && signedIn) return route.fulfill({ json: profile });
    if (path.endsWith('/api/channels')) return route.fulfill({ json: [] });
    if (path.endsWith('/api/organisations'))
      return route.fulfill({ json: { data: [], baseOrganisationSubdomain: 'welcome' } });
    return route.fulfill({ status: 401, json: { code: 'unknown_server_error' } });
  });
}

async function firstLoad(baseUrl: string, path: string, signedIn: boolean) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await answerApi(page, signedIn);
    const files = new Set<string>();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet')
        files.add(new URL(response.url()).pathname.replace(/^\//, ''));
    });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    return [...files];
  } finally {
    await browser.close();
  }
}

execSync('npx vite build', { stdio: 'inherit' });
const chunkModules: Record<string, string[]> = JSON.parse(
  readFileSync(join(dist, '.vite/chunk-modules.json'), 'utf8'),
);
const site = await serveStatic(dist, '/');
let failed = false;
try {
  for (const [path, signedIn] of [
    ['/login', false],
    ['/me', true],
  ] as const) {
    const files = await firstLoad(site.url, path, signedIn);
    let total = 0;
    console.log(`\n${path} first load (JS + CSS, gzip):`);
    for (const file of files.sort()) {
      const bytes = gzipSync(readFileSync(join(dist, file))).length;
      total += bytes;
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
      const forbidden = (chunkModules[file] ?? []).filter((id) => LAZY_ONLY.some((re) => re.test(id)));
      if (forbidden.length > 0) {
        failed = true;
        console.error(`  !! ${file} carries lazy-only modules: ${forbidden.slice(0, 3).join(', ')}`);
      }
    }
    console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  total (${total} bytes)`);
    if (path === '/login' && total > LOGIN_BUDGET_BYTES) {
      failed = true;
      console.error(`  !! /login is over its budget of ${LOGIN_BUDGET_BYTES / 1024} KB`);
    }
  }
} finally {
  await site.close();
}
process.exit(failed ? 1 : 0);

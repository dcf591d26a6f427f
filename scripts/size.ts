/**
 * `npm run size`: builds for production (or takes the journeys' build of the same sources), serves dist/ the way the reference server does (server/site.ts: the
 * precompressed brotli or gzip form the browser accepts), opens /login and /me in Chromium and prints the bytes
 * actually transferred (headers and encoded body, as Chromium counts them) for every JS and CSS file of the first
 * load, and the stylesheet the server puts inside the page at its brotli size. Fails when /login or /me is over its budget, when a file went out uncompressed, or when zxcvbn, Sentry or
 * fuse.js is part of either first load (they belong in lazy chunks).
 * API calls are answered here as the reference server answers them: /login as an anonymous visitor, /me as a
 * signed-in user, the translation call with the compiled en-US catalog (JSON, not part of the JS budget). /login's
 * passkey options are given to anyone (server/routes/passkeyLogin.ts), so they are answered here too: a browser with
 * passkeys in the e-mail field's autofill (Chromium) asks for them and loads the WebAuthn code as /login opens, and
 * the budget counts it.
 */
import { readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Page } from 'playwright-core';
import { API_PATHS } from '../api/contract/paths';
import { compileCatalog } from '../server/catalogs';
import type { AppEnv } from '../server/deps';
import { requestOptions } from '../server/passkeys/ceremony';
import { serveSite } from '../server/site';
import { launchChromium } from '../test/e2e/browser';
import { buildSite } from '../test/siteBuild';

const BUDGET_BYTES: Record<string, number> = { '/login': 140 * 1024, '/me': 180 * 1024 };
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

async function answerApi(page: Page, signedIn: boolean, siteUrl: string) {
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.endsWith('/api/translation')) return route.fulfill({ json: englishTexts });
    if (path.endsWith(API_PATHS.passkeyLoginOptions.path))
      return route.fulfill({
        json: { options: await requestOptions({ siteUrl, totpIssuer: 'Size check' }) },
      });
    if (path.endsWith('/api/me') && signedIn) return route.fulfill({ json: profile });
    if (path.endsWith('/api/channels')) return route.fulfill({ json: [] });
    if (path.endsWith('/api/organisations'))
      return route.fulfill({ json: { data: [], baseOrganisationSubdomain: 'welcome' } });
    return route.fulfill({ status: 401, json: { code: 'unknown_server_error' } });
  });
}

interface Transfer {
  file: string;
  encoding: string;
  bytes: number;
}

async function firstLoad(baseUrl: string, path: string, signedIn: boolean): Promise<Transfer[]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await answerApi(page, signedIn, baseUrl);
    const transfers: Promise<Transfer>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      transfers.push(
        (async () => {
          await response.finished();
          const sizes = await response.request().sizes();
          return {
            file: new URL(response.url()).pathname.replace(/^\//, ''),
            encoding: (await response.headerValue('content-encoding')) ?? 'none',
            bytes: sizes.responseHeadersSize + sizes.responseBodySize,
          };
        })(),
      );
    });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    return [...(await Promise.all(transfers)), ...inlinedStyles()];
  } finally {
    await browser.close();
  }
}

/**
 * The stylesheets the server puts inside the page (server/pageTemplate.ts) arrive with the document, which this
 * report does not count: they are counted here at their brotli size, so moving CSS inline cannot hide it.
 */
function inlinedStyles(): Transfer[] {
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...index.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g)].map(
    ([, file = '']) => ({
      file: `${file} (inside the page)`,
      encoding: 'br',
      bytes: statSync(join(dist, `${file}.br`)).size,
    }),
  );
}

// The journeys' production build when it is fresh (test/siteBuild.ts: a stamp of its inputs), else a new one.
buildSite('');
const chunkModules: Record<string, string[]> = JSON.parse(
  readFileSync(join(dist, '.vite/chunk-modules.json'), 'utf8'),
);
const app = new Hono<AppEnv>();
serveSite(app, dist);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((done) => server.once('listening', done));
const siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
let failed = false;
try {
  for (const [path, signedIn] of [
    ['/login', false],
    ['/me', true],
  ] as const) {
    const transfers = await firstLoad(siteUrl, path, signedIn);
    let total = 0;
    console.log(`\n${path} first load (JS + CSS, bytes transferred):`);
    for (const { file, encoding, bytes } of transfers.sort((a, b) => a.file.localeCompare(b.file))) {
      total += bytes;
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${encoding.padEnd(5)} ${file}`);
      if (encoding === 'none') {
        failed = true;
        console.error(`  !! ${file} went out uncompressed`);
      }
      const forbidden = (chunkModules[file] ?? []).filter((id) => LAZY_ONLY.some((re) => re.test(id)));
      if (forbidden.length > 0) {
        failed = true;
        console.error(`  !! ${file} carries lazy-only modules: ${forbidden.slice(0, 3).join(', ')}`);
      }
    }
    console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  total (${total} bytes)`);
    const budget = BUDGET_BYTES[path] ?? Number.POSITIVE_INFINITY;
    if (total > budget) {
      failed = true;
      console.error(`  !! ${path} is over its budget of ${budget / 1024} KB`);
    }
  }
} finally {
  server.close();
}
process.exit(failed ? 1 : 0);

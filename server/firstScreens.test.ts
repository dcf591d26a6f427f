/**
 * The server's side of the first screens (docs/decisions.md: First screen from the server): which pages get one,
 * the inlined stylesheet and its hash in the CSP, the scripts' priority, and a renderer that fails. The drawing
 * itself (routes/firstScreen.tsx with the real views) runs in Chromium: test/e2e/firstPaint.e2e.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite } from './site';
import { createTestApp, type TestApp } from './test/testApp';

const CSS = '.ui-card{max-width:30rem}';
const INDEX = `<!doctype html><html lang="en"><head><title>site</title><script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-b2.js"><link rel="stylesheet" crossorigin href="/assets/style-c3.css"></head><body><div id="root"></div></body></html>`;
// A stand-in for the built routes/firstScreen.tsx: draws the path and the catalogue's locale, fails on /register.
const RENDERER = `export async function renderFirstScreen({ path, locale, site }) {
  if (path === '/register') throw new Error('cannot draw');
  return '<h1>' + path + ' ' + locale + ' ' + site.origin + '</h1>';
}`;

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'first-screens-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'style-c3.css'), CSS);
  writeFileSync(path.join(root, 'dist-ssr', 'firstScreen.js'), RENDERER);
  t = await createTestApp();
  serveSite(t.app, dist, {
    production: false,
    site: { origin: 'https://accounts.example', platformHost: 'example' },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const page = async (address: string, language = 'de-DE') => {
  const response = await t.app.request(address, { headers: { 'accept-language': language } });
  return { response, html: await response.text() };
};

describe('first screens drawn by the server', () => {
  it('puts the first screen of a public page into the page, in the visitor language', async () => {
    const { html } = await page('/login');
    expect(html).toContain('<div id="root" inert><h1>/login de-DE https://accounts.example</h1></div>');
    expect(html).toContain('<html lang="de-DE"');
  });

  it('draws none for an address with a search, another spelling, or a page that depends on the visitor', async () => {
    for (const address of [
      '/login?next=%2Fme',
      '/login/',
      '/me',
      '/',
      '/start',
      '/forgot_password_set?token=x',
    ]) {
      const { html } = await page(address);
      expect(html, address).toContain('<div id="root"></div>');
      expect(html, address).toContain('<script type="module" crossorigin');
    }
  });

  it('sends the page without a first screen when drawing it fails', async () => {
    const { response, html } = await page('/register');
    expect(response.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
  });

  it('inlines the stylesheet, allowed by its hash alone, on every page', async () => {
    const hash = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;
    for (const address of ['/login', '/me']) {
      const { response, html } = await page(address);
      expect(html).toContain(`<style>${CSS}</style>`);
      expect(html).not.toContain('rel="stylesheet"');
      const styleSrc = response.headers
        .get('content-security-policy')
        ?.split('; ')
        .find((directive) => directive.startsWith('style-src'));
      expect(styleSrc).toBe(`style-src 'self' ${hash}`);
    }
  });

  it('loads the scripts of a drawn page after its paint, by the one inline loader its hash allows', async () => {
    const { response, html } = await page('/login');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const loader = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('"/assets/index-a1.js"');
    expect(loader).toContain('"/assets/runtime-b2.js"');
    expect(loader).toContain('requestAnimationFrame');
    const hash = `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
    const scriptSrc = response.headers
      .get('content-security-policy')
      ?.split('; ')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    const other = (await page('/me')).html;
    expect(other).toContain('<script type="module" crossorigin src="/assets/index-a1.js">');
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/runtime-b2.js">');
    expect(other).not.toContain('<script>');
  });

  it('says something when the scripts cannot run, in the page language (docs/decisions.md: A page without its scripts)', async () => {
    const { html } = await page('/login');
    // Every page: a <noscript> notice; a drawn one also the failure notice, hidden until the loader shows it.
    expect(html).toContain(
      '<noscript><p class="page-notice">Diese Seite benötigt JavaScript. Bitte aktivieren Sie es in Ihrem Browser und laden Sie die Seite dann neu.</p></noscript>',
    );
    expect(html).toContain(
      '<p class="page-notice" id="script-failure" role="alert" hidden>Diese Seite konnte nicht vollständig geladen werden.',
    );
    expect(html.indexOf('id="script-failure"')).toBeLessThan(html.indexOf('<div id="root" inert>'));
    const loader = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('getElementById("script-failure")');
    expect(loader).toContain('script.onerror=failed');
    const { html: other } = await page('/me');
    expect(other).toContain('<noscript><p class="page-notice">Diese Seite benötigt JavaScript.');
    expect(other).not.toContain('script-failure');
  });
});

/**
 * The server's side of the first screens (docs/decisions/operations.md: First screen from the server): which pages get one,
 * the inlined stylesheet and its hash in the CSP, the scripts' priority, and a renderer that fails. The drawing
 * itself (routes/firstScreen.tsx with the real views) runs in Chromium: test/e2e/firstPaint.e2e.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PROFILE_ID } from '../api/contract/profile';
import { pageProfile } from './pageProfile';
import { serveSite } from './site';
import { signedInUser } from './test/fixtures';
import { createTestApp, type TestApp } from './test/testApp';

const CSS = '.ui-card{max-width:30rem}';
const INDEX = `<!doctype html><html lang="en"><head><title>site</title><script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-b2.js"><link rel="stylesheet" crossorigin href="/assets/style-c3.css"></head><body><div id="root"></div></body></html>`;
// A stand-in for the built routes/firstScreen.tsx: draws the path and the catalogue's locale, fails on /register.
// /me only with a visitor, drawing what it was given of them (the real one escapes it: React).
const RENDERER = `export async function renderFirstScreen({ path, locale, site, visitor }) {
  if (path === '/register') throw new Error('cannot draw');
  if (path === '/me') return visitor ? '<h1>/me ' + visitor.me.email + ' ' + visitor.cookies.length + ' ' + visitor.referrer + '</h1>' : null;
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
    signedInProfile: pageProfile(t.deps),
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
    // Live at once: its form posts to the server (docs/decisions/product.md: Forms that work before their scripts).
    expect(html).toContain('<div id="root"><h1>/login de-DE https://accounts.example</h1></div>');
    // Every other drawn page is inert until the app runs it.
    const { html: privacy } = await page('/privacy');
    expect(privacy).toContain('<div id="root" inert><h1>/privacy de-DE');
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

  it('says something when the scripts cannot run, in the page language (docs/decisions/product.md: A page without its scripts)', async () => {
    // /login's form works without its scripts: no <noscript> notice there, the failure notice stays.
    const { html: login } = await page('/login');
    expect(login).not.toContain('<noscript>');
    expect(login).toContain('id="script-failure" role="alert" hidden');
    const { html } = await page('/privacy');
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

describe('/me drawn for the signed-in visitor the server checked', () => {
  const asPage = (cookies: Map<string, string>, headers: Record<string, string> = {}) =>
    t.app.request('/me', {
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...headers },
    });

  it('draws it with the session profile, carried along as inert data, and lets no cache keep it', async () => {
    // Markup in a personal value: neither the data nor the page may let it out of its script element.
    const screenName = 'Eve </script><script>alert(1)</script> <!--';
    const { client, email } = await signedInUser(t, { email: 'drawn-me@example.com', screenName });
    const response = await asPage(client.cookies, { referer: 'https://example/channel' });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toContain('Cookie');
    expect(html).toContain(`<div id="root" inert><h1>/me ${email} `);
    expect(html).toContain(' https://example/channel</h1>');
    const data = new RegExp(`<script type="application/json" id="${PAGE_PROFILE_ID}">([^<]*)</script>`).exec(
      html,
    );
    expect(JSON.parse(data?.[1] ?? '')).toMatchObject({ email, username: screenName });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('Eve </script>');
    // Its scripts come after the paint, as on the public pages' drawn screens.
    expect(html).not.toContain('<script type="module"');
  });

  it('sends the page of today, without a profile, when the session is missing, unknown or asked with a search', async () => {
    const { client } = await signedInUser(t, { email: 'search-me@example.com' });
    for (const response of [
      await t.app.request('/me'),
      await t.app.request('/me', { headers: { cookie: 'session=not-a-session' } }),
      await t.app.request('/me?redirect=%2Fprivacy', {
        headers: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      }),
    ]) {
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(PAGE_PROFILE_ID);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('stops drawing it once the session has ended', async () => {
    const { client } = await signedInUser(t, { email: 'ended-me@example.com' });
    const cookies = new Map(client.cookies);
    expect(await (await asPage(cookies)).text()).toContain(PAGE_PROFILE_ID);
    await client.post('/api/logout', {});
    t.clock.advance(2000);
    expect(await (await asPage(cookies)).text()).not.toContain(PAGE_PROFILE_ID);
  });
});

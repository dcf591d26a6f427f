import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDP_START_PATHS } from '../api/contract/paths';
import { FLOWS_MARKER } from '../api/contract/sitePaths';
import { precompressFile } from '../scripts/precompress';
import { compileCatalog } from './catalogs';
import { serveSite } from './site';
import { createTestApp, type TestApp } from './test/testApp';

let t: TestApp;
let dist: string;
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i}`))};`;

/** A raw request, as a browser sends it, and the raw bytes of the answer (not decoded). */
const fetchRaw = async (page: string, acceptEncoding?: string) => {
  const response = await t.app.request(page, {
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="color-scheme" content="light dark"><title>site</title></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js.map'), '{"version":3}');
  writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  await precompressFile(path.join(dist, 'assets', 'big-abc123.js'));
  t = await createTestApp();
  serveSite(t.app, dist);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the site next to the API', () => {
  it('serves index.html at / and for every route of the SPA, not cached, not frameable', async () => {
    for (const page of ['/', '/me', '/forgot_password_set?token=x', '/auth/okta/error']) {
      const response = await t.client().get(page);
      expect(response.status, page).toBe(200);
      expect(response.body).toContain('<title>site</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('answers a path the site does not have with the page and 404, so the router shows its not-found page', async () => {
    for (const page of ['/plugin', '/faq', '/nope', '/me/extra']) {
      const response = await t.client().get(page);
      expect(response.status, page).toBe(404);
      expect(response.body).toContain('<title>site</title>');
    }
    expect((await t.client().get('/login/')).status).toBe(200);
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await t.client().get('/assets/main-abc123.js');
    expect(response.body).toBe('console.log(1)');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, and varies on it', async () => {
    const brotli = await fetchRaw('/assets/big-abc123.js', 'gzip, deflate, br, zstd');
    expect(brotli.response.headers.get('content-encoding')).toBe('br');
    expect(brotli.response.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotli.response.headers.get('content-type')).toContain('javascript');
    expect(brotli.response.headers.get('cache-control')).toContain('immutable');
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(BIG_SCRIPT);
    expect(brotli.bytes.length).toBeLessThan(BIG_SCRIPT.length / 4);

    const gzip = await fetchRaw('/assets/big-abc123.js', 'gzip');
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(BIG_SCRIPT);

    const plain = await fetchRaw('/assets/big-abc123.js');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.response.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.bytes.toString()).toBe(BIG_SCRIPT);
  });

  it('sends the page compressed too, at every SPA path, and revalidated', async () => {
    for (const page of ['/', '/login', '/me']) {
      const { response, bytes } = await fetchRaw(page, 'gzip, deflate, br');
      expect(response.headers.get('content-encoding'), page).toBe('br');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(brotliDecompressSync(bytes).toString()).toContain('<title>site</title>');
      expect(brotliDecompressSync(bytes).toString()).toContain('id="page-catalogue"');
    }
  });

  it('sends a page first compressed fast, then the smallest form once made off the event loop', async () => {
    const page = '/forgot_password';
    const first = await fetchRaw(page, 'br');
    const html = brotliDecompressSync(first.bytes).toString();
    // The catalogue inside makes the page large enough for the maximum to win over the fast level.
    await vi.waitFor(async () => {
      const later = await fetchRaw(page, 'br');
      expect(later.bytes.length).toBeLessThan(first.bytes.length);
    });
    const later = await fetchRaw(page, 'br');
    expect(brotliDecompressSync(later.bytes).toString()).toBe(html);
    expect(gunzipSync((await fetchRaw(page, 'gzip')).bytes).toString()).toBe(html);
  });

  it('carries the catalogue of the visitor language, inert, and varies on the language', async () => {
    const footerId = generateMessageId('© {year}. All rights reserved.');
    for (const [acceptLanguage, locale] of [
      ['de-AT,de;q=0.9,en;q=0.8', 'de-DE'],
      ['fr-FR, ru;q=0.5, de;q=0', 'ru-RU'],
      ['', 'en-US'],
      ['xx', 'en-US'],
    ] as const) {
      const response = await t.app.request('/login', { headers: { 'accept-language': acceptLanguage } });
      const html = await response.text();
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
      expect(html).toContain(`<html lang="${locale}"`);
      const inline = html.match(
        /<script type="application\/json" id="page-catalogue" data-locale="([^"]+)">(.*?)<\/script>/,
      );
      expect(inline?.[1], acceptLanguage).toBe(locale);
      const messages = JSON.parse(inline?.[2] ?? '');
      expect(messages).toEqual(await compileCatalog(locale));
      expect(messages[footerId]).toBeDefined();
    }
  });

  it('a language the visitor chose (the locale cookie) comes before Accept-Language (docs/decisions/product.md: Languages)', async () => {
    for (const [cookie, locale] of [
      ['session=abc; locale=pl-PL', 'pl-PL'],
      ['locale=ro-RO', 'ro-RO'],
      ['locale=xx-XX', 'de-DE'],
      ['other=1', 'de-DE'],
    ] as const) {
      const response = await t.app.request('/login', { headers: { 'accept-language': 'de', cookie } });
      const html = await response.text();
      expect(html, cookie).toContain(`<html lang="${locale}"`);
      expect(html).toContain(`data-locale="${locale}"`);
    }
  });

  it('a colour scheme the visitor chose (the theme cookie) is on the page before it paints (docs/decisions/product.md: Dark mode)', async () => {
    for (const [cookie, attribute, scheme] of [
      ['locale=pl-PL; theme=dark', ' data-theme="dark"', 'dark'],
      ['theme=light', ' data-theme="light"', 'light'],
      ['theme=%22%3E%3Cb%3E', '', 'light dark'],
      ['other=1', '', 'light dark'],
    ] as const) {
      for (const page of ['/login', '/nope']) {
        const response = await t.app.request(page, { headers: { cookie } });
        const html = await response.text();
        expect(html, cookie).toMatch(new RegExp(`<html lang="[^"]+"${attribute}>`));
        expect(html, cookie).toContain(`<meta name="color-scheme" content="${scheme}">`);
      }
    }
  });

  it('does not write a compressed form that would be larger than the file', async () => {
    const plain = await fetchRaw('/assets/main-abc123.js', 'br');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe('console.log(1)');
  });

  it('sends a strict CSP on every page: no inline or foreign script, nothing may frame it', async () => {
    const csp = (await t.client().get('/login')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it('serves source maps and no HSTS in demo mode only', async () => {
    expect((await t.client().get('/assets/main-abc123.js.map')).status).toBe(200);
    expect((await t.client().get('/login')).headers.get('strict-transport-security')).toBeNull();
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await t.client().get('/assets/gone-123.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('leaves /api to the API: unknown API paths stay JSON 404', async () => {
    const response = await t.client().get('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'unknown_server_error' });
  });

  it('sends an identity-provider start without an organisation to the provider error page', async () => {
    // The flow itself: server/routes/identityProviders.test.ts.
    for (const [provider, start] of Object.entries(IDP_START_PATHS)) {
      const response = await t.client().get(start);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(
        `http://site.test/auth/${provider}/error?type=missing_organisation`,
      );
    }
  });
});

describe('the site in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp();
    serveSite(production.app, dist, { production: true });
  });
  afterAll(() => production.close());

  it('sends HSTS and does not publish source maps', async () => {
    const page = await production.client().get('/login');
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await production.client().get('/assets/main-abc123.js.map')).status).toBe(404);
    expect((await production.client().get('/assets/main-abc123.js')).status).toBe(200);
  });
});

describe('the flow explorer (/flows) only where the build has it', () => {
  it('answers /flows with 404 for a build without it (a production build)', async () => {
    for (const page of ['/flows', '/flows/login'])
      expect((await t.client().get(page)).status, page).toBe(404);
  });

  it('answers /flows and /flows/<machine> with 200 for a build that has it (its marker beside index.html)', async () => {
    const withFlows = mkdtempSync(path.join(tmpdir(), 'dist-flows-'));
    const app = await createTestApp();
    try {
      writeFileSync(
        path.join(withFlows, 'index.html'),
        '<!doctype html><html lang="en"><title>site</title></html>',
      );
      writeFileSync(path.join(withFlows, FLOWS_MARKER), 'flows');
      serveSite(app.app, withFlows);
      for (const page of ['/flows', '/flows/', '/flows/login', '/flows/login?state=enteringCode'])
        expect((await app.client().get(page)).status, page).toBe(200);
      for (const page of ['/flows/login/extra', '/flowsx'])
        expect((await app.client().get(page)).status, page).toBe(404);
    } finally {
      await app.close();
      rmSync(withFlows, { recursive: true, force: true });
    }
  });
});

describe('framing', () => {
  it('lets the platform frame the no-brand pages only, and keeps every other page unframable', async () => {
    const framed = await createTestApp();
    try {
      serveSite(framed.app, dist, {
        production: true,
        site: { origin: 'https://accounts.example', platformHost: 'platform.example' },
      });
      for (const page of ['/auth/forgot_password/nobrand', '/auth/forgot_password_magic/nobrand/']) {
        const headers = (await framed.client().get(page)).headers;
        expect(headers.get('content-security-policy'), page).toMatch(
          /frame-ancestors 'self' platform\.example \*\.platform\.example(;|$)/,
        );
        expect(headers.get('x-frame-options'), page).toBeNull();
      }
      for (const page of ['/login', '/forgot_password', '/forgot_password_magic', '/me', '/nowhere']) {
        const headers = (await framed.client().get(page)).headers;
        expect(headers.get('content-security-policy'), page).toContain("frame-ancestors 'none'");
        expect(headers.get('x-frame-options'), page).toBe('DENY');
      }
    } finally {
      await framed.close();
    }
  });

  it('lets only the site itself frame them when the platform host is not a plain host name', async () => {
    const odd = await createTestApp();
    try {
      serveSite(odd.app, dist, {
        production: true,
        site: {
          origin: 'https://accounts.example',
          platformHost: "evil.example; script-src 'unsafe-inline'",
        },
      });
      const csp =
        (await odd.client().get('/auth/forgot_password/nobrand')).headers.get('content-security-policy') ??
        '';
      expect(csp).toMatch(/frame-ancestors 'self'(;|$)/);
      expect(csp).not.toContain('evil');
      expect(csp).not.toContain('unsafe-inline');
    } finally {
      await odd.close();
    }
  });
});

describe("the days of 'Remember this device' in the page", () => {
  it('tells the site a REMEMBERED_DEVICE_DAYS other than 30, and nothing at 30', async () => {
    const told = await createTestApp();
    const usual = await createTestApp();
    try {
      serveSite(told.app, dist, { production: true, rememberedDeviceDays: 7 });
      expect((await told.client().get<string>('/login')).body).toContain(
        '<meta name="remembered-device-days" content="7">',
      );
      serveSite(usual.app, dist, { production: true, rememberedDeviceDays: 30 });
      expect((await usual.client().get<string>('/login')).body).not.toContain('remembered-device-days');
    } finally {
      await told.close();
      await usual.close();
    }
  });
});

describe('the platform host in the page', () => {
  it('tells the site the server’s PLATFORM_HOST, escaped, and nothing without one', async () => {
    const told = await createTestApp();
    try {
      serveSite(told.app, dist, {
        production: true,
        site: { origin: 'https://accounts.example', platformHost: 'platform.example"><script>x</script>' },
      });
      const page = (await told.client().get<string>('/register')).body;
      expect(page).toContain(
        '<meta name="platform-host" content="platform.example&#34;&#62;&#60;script&#62;x&#60;/script&#62;">',
      );
      expect(page).not.toContain('<script>x');
      // The shared app serves the site without a platform host.
      expect((await t.client().get<string>('/register')).body).not.toContain('platform-host');
    } finally {
      await told.close();
    }
  });
});

/**
 * What a browser asks for at the root (scripts/icons.ts, public/): the favicon, the apple-touch icon and the web
 * app manifest with the site's name, served from the build with long caching; the page links them.
 */

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_PATH } from '../../api/manifestLink';
import { ICON_CACHE, serveSite } from '../site';
import { createTestApp, type TestApp } from '../test/testApp';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  t = await createTestApp();
  // A build's root as Vite writes it: index.html and public/'s files beside it.
  dist = mkdtempSync(path.join(tmpdir(), 'icons-dist-'));
  cpSync('public', dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), readFileSync('index.html'));
  serveSite(t.app, dist, { production: true });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('icons and manifest', () => {
  it.each([
    ['/favicon.ico', 'image/x-icon'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/apple-touch-icon.png', 'image/png'],
    ['/icon-192.png', 'image/png'],
    ['/site.webmanifest', 'application/manifest+json'],
  ])('%s answers 200 %s with long caching', async (file, type) => {
    const answer = await t.app.request(file);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain(type);
    expect(answer.headers.get('cache-control')).toBe(ICON_CACHE);
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('the PNGs are PNGs of their size, the ICO holds one, the manifest names the site', async () => {
    const png = Buffer.from(await (await t.app.request('/apple-touch-icon.png')).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(180);
    const ico = Buffer.from(await (await t.app.request('/favicon.ico')).arrayBuffer());
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.subarray(23, 26).toString()).toBe('PNG');
    const manifest = await (await t.app.request('/site.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Account', start_url: '/' });
  });

  it('the page links them (the manifest once the app runs: api/manifestLink.ts)', () => {
    const page = readFileSync('index.html', 'utf8');
    for (const link of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png'])
      expect(page).toContain(`href="${link}"`);
    expect(MANIFEST_PATH).toBe('/site.webmanifest');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDP_START_PATHS } from '../api/contract/paths';
import { serveSite } from './site';
import { createTestApp, type TestApp } from './test/testApp';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
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

  it('serves hashed assets with a long cache life', async () => {
    const response = await t.client().get('/assets/main-abc123.js');
    expect(response.body).toBe('console.log(1)');
    expect(response.headers.get('cache-control')).toContain('immutable');
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

  it('sends identity-provider starts to the provider error page (no provider configured)', async () => {
    for (const [provider, start] of Object.entries(IDP_START_PATHS)) {
      const response = await t.client().get(start);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(
        `http://site.test/auth/${provider}/error?type=missing_organisation_credentials`,
      );
    }
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../openapi/document';
import { createTestApp, type TestApp } from '../test/testApp';
import { API_DOCS_PATH, OPENAPI_PATH } from './apiDocs';

let demo: TestApp;
let production: TestApp;
beforeAll(async () => {
  demo = await createTestApp();
  production = await createTestApp({ config: { production: true, mailbox: false } });
});
afterAll(async () => {
  await demo.close();
  await production.close();
});

describe('GET /api/openapi.json', () => {
  it('answers the committed document, in demo mode and in production', async () => {
    const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    for (const app of [demo, production]) {
      const response = await app.client().get(OPENAPI_PATH);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toEqual(committed);
    }
  });
});

describe('GET /api/docs', () => {
  it('outside production: the reference page and its own files, under a CSP without inline script', async () => {
    const page = await demo.client().get<string>(API_DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${API_DOCS_PATH}/swagger-ui-bundle.js`);
    expect(page.body).not.toMatch(/<script>[^<]/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js']) {
      const asset = await demo.client().get<string>(`${API_DOCS_PATH}/${file}`);
      expect(asset.status, file).toBe(200);
    }
    const init = await demo.client().get<string>(`${API_DOCS_PATH}/init.js`);
    expect(init.body).toContain(OPENAPI_PATH);
    expect((await demo.client().get(`${API_DOCS_PATH}/package.json`)).status).toBe(404);
  });

  it('in production: not there', async () => {
    expect((await production.client().get(API_DOCS_PATH)).status).toBe(404);
    expect((await production.client().get(`${API_DOCS_PATH}/swagger-ui-bundle.js`)).status).toBe(404);
  });
});

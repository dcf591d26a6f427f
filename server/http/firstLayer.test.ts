import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { firstLayer } from './firstLayer';

const API_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** An app whose routes build their answers in each way a handler or the error layer can, in the API and outside. */
const app = (recording = () => true) => {
  const built = new Hono();
  built.onError(() => new Response('{"code":"x"}', { status: 500 }));
  built.use('*', firstLayer({ apiHeaders: API_HEADERS, trustProxy: false, recording }));
  built.get('/api/json', (c) => c.json({ ok: true }));
  built.get('/api/own', () => new Response('raw', { headers: { 'Cache-Control': 'public, max-age=60' } }));
  built.get('/api/late', async (c, next) => {
    await next();
    c.header('Cache-Control', 'max-age=5');
  });
  built.get('/api/late', (c) => c.text('late'));
  built.get('/api/thrown', () => {
    throw new Error('boom');
  });
  built.get('/page', (c) => c.html('<p>page</p>'));
  return built;
};

const PATHS = ['/api/json', '/api/own', '/api/late', '/api/thrown', '/api/missing'];

describe('firstLayer', () => {
  it.each(PATHS)("ends every API answer with the API's headers (%s)", async (path) => {
    for (const on of [true, false]) {
      const answer = await app(() => on).request(path);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it.each([...PATHS, '/page'])('gives every answer a request id while recording (%s)', async (path) => {
    expect((await app().request(path)).headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect((await app(() => false).request(path)).headers.get('x-request-id')).toBeNull();
  });

  it("leaves the site's own answers their headers", async () => {
    const page = await app().request('/page');
    expect(page.headers.get('cache-control')).toBeNull();
    expect(await page.text()).toBe('<p>page</p>');
  });

  it('keeps the body and status of the answer it completes', async () => {
    const own = await app().request('/api/own');
    expect(await own.text()).toBe('raw');
    const thrown = await app().request('/api/thrown');
    expect(thrown.status).toBe(500);
    expect(await thrown.json()).toEqual({ code: 'x' });
  });

  it('makes a new id for every request', async () => {
    const built = app();
    const ids = new Set<string | null>();
    for (let request = 0; request < 50; request += 1)
      ids.add((await built.request('/api/json')).headers.get('x-request-id'));
    expect(ids.size).toBe(50);
  });
});

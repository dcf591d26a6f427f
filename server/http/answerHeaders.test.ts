import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { answerHeaders } from './answerHeaders';

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** An app whose routes build their answers in each way a handler or the error layer can. */
const app = () => {
  const built = new Hono();
  built.onError(() => new Response('{"code":"x"}', { status: 500 }));
  built.use('*', answerHeaders(HEADERS));
  built.get('/json', (c) => c.json({ ok: true }));
  built.get('/own', () => new Response('raw', { headers: { 'Cache-Control': 'public, max-age=60' } }));
  built.get('/late', async (c, next) => {
    await next();
    c.header('Cache-Control', 'max-age=5');
  });
  built.get('/late', (c) => c.text('late'));
  built.get('/thrown', () => {
    throw new Error('boom');
  });
  return built;
};

describe('answerHeaders', () => {
  it.each(['/json', '/own', '/late', '/thrown'])('ends every answer with its values (%s)', async (path) => {
    const answer = await app().request(path);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps the body and status of the answer it completes', async () => {
    const own = await app().request('/own');
    expect(await own.text()).toBe('raw');
    const thrown = await app().request('/thrown');
    expect(thrown.status).toBe(500);
    expect(await thrown.json()).toEqual({ code: 'x' });
  });
});

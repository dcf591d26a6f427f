import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, type ApiCall } from '../api/contract/paths';
import { createApp, JSON_BODY_LIMIT_BYTES } from './app';
import { manualClock } from './clock';
import type { Database } from './db/client';
import { listen } from './http/nodeServer';
import { MemoryRateLimiter } from './rateLimit';
import { createUser, DEFAULT_PASSWORD, signedInUser } from './test/fixtures';
import { createTestApp, type TestApp, testConfig } from './test/testApp';

const LOGIN = API_PATHS.login.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('same-origin check on mutating calls', () => {
  const login = async (headers: Record<string, string>) => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    return t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD }, { headers });
  };

  it('refuses a POST from another origin with 403 forbidden_error', async () => {
    const response = await login({ origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'forbidden_error' });
    expect(response.setCookies).toEqual([]);
  });

  it('refuses an Origin of another scheme or with a path, even for the own host', async () => {
    expect((await login({ origin: 'https://localhost', host: 'localhost' })).status).toBe(403);
    expect((await login({ origin: 'http://localhost/evil', host: 'localhost' })).status).toBe(403);
    expect((await login({ origin: 'http://localhost/', host: 'localhost' })).status).toBe(403);
  });

  it('refuses Origin null and a cross-site fetch without Origin', async () => {
    expect((await login({ origin: 'null' })).status).toBe(403);
    expect((await login({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('allows the own host, configured origins and clients that send no Origin', async () => {
    expect((await login({ origin: 'http://localhost', host: 'localhost' })).status).toBe(200);
    expect((await login({ origin: 'http://site.test' })).status).toBe(200);
    expect((await login({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await login({})).status).toBe(200);
  });

  it('refuses every mutating call of API_PATHS from another origin, before it runs, also with a session', async () => {
    const { client } = await signedInUser(t);
    const mutating = (Object.keys(API_PATHS) as ApiCall[]).filter((call) => API_PATHS[call].method !== 'GET');
    expect(mutating.length).toBeGreaterThan(30);
    for (const call of mutating) {
      const { method, path } = API_PATHS[call];
      const response = await client.request(method, path.replace(/:[A-Za-z]+/g, '1'), {
        headers: { origin: 'https://evil.example' },
        json: {},
      });
      expect({ call, status: response.status, body: response.body }).toEqual({
        call,
        status: 403,
        body: { code: 'forbidden_error', message: 'cross-origin request refused' },
      });
    }
    // Nothing ran: the session (logout, deletion, ending the others) is still there.
    expect((await client.get(API_PATHS.getMe.path)).status).toBe(200);
  });

  it('leaves reads alone', async () => {
    const response = await t
      .client()
      .get(API_PATHS.getMe.path, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(401); // refused for want of a session, not for the origin
  });
});

describe('error layer', () => {
  it('answers unknown API paths with JSON 404', async () => {
    const response = await t.client().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'unknown_server_error', message: 'not found' });
  });

  it('answers an oversized body with a FieldValidationError, not a crash', async () => {
    const response = await t.client().post(LOGIN, {
      email: 'a@example.com',
      pwd: 'x'.repeat(JSON_BODY_LIMIT_BYTES + 10),
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ name: 'FieldValidationError', errors: [{ code: 'string.max' }] });
  });

  it('answers a failure inside with 500 {code: unknown_server_error} and nothing more', async () => {
    const brokenDb = new Proxy({} as Database, {
      get: () => () => {
        throw new Error('connection to 10.0.0.7:5432 refused, password authentication failed for "app"');
      },
    });
    const app = createApp({
      ...t.deps,
      db: brokenDb,
      rateLimiter: new MemoryRateLimiter(null, manualClock()),
      config: testConfig(),
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await app.request(LOGIN, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', pwd: 'secret-password' }),
    });
    quiet.mockRestore();
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: 'unknown_server_error' });
    expect(text).not.toMatch(/10\.0\.0\.7|password|Error/);
  });

  it('marks API answers as not cacheable', async () => {
    const response = await t.client().get(API_PATHS.getMe.path);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('cookies in production', () => {
  it('are Secure and host-bound (__Host-)', async () => {
    const secure = await createTestApp({ config: { secureCookies: true, production: true, mailbox: false } });
    try {
      const { email } = await createUser(secure.db);
      const client = secure.client();
      const response = await client.post(LOGIN, { email, pwd: DEFAULT_PASSWORD });
      const cookie = response.setCookies[0] ?? '';
      expect(cookie).toMatch(/^__Host-session=/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect((await client.get(API_PATHS.getMe.path)).status).toBe(200);
      // and no mailbox in production
      expect((await client.get('/api/dev/mailbox', { query: { to: email } })).status).toBe(404);
    } finally {
      await secure.close();
    }
  });
});

describe('JSON calls take JSON only', () => {
  const login = JSON.stringify({ email: 'a@example.com', pwd: 'secret-password' });
  const post = (path: string, headers: Record<string, string>, body?: string) =>
    t.app.request(path, { method: 'POST', headers, ...(body !== undefined && { body }) });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['another charset', 'application/json; charset=latin1'],
    ['a look-alike', 'application/jsonp'],
    ['a JSON suffix type', 'application/problem+json'],
  ])('answers a body sent as %s with 415 in the FieldValidationError shape', async (_name, type) => {
    const response = await post(LOGIN, { 'content-type': type }, login);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      name: 'FieldValidationError',
      errors: [{ code: 'any.invalid', message: 'any.invalid', path: '' }],
    });
  });

  it('answers a body without any Content-Type with 415', async () => {
    const response = await post(LOGIN, {}, login);
    expect(response.status).toBe(415);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset="UTF-8"',
  ])('reads a body sent as %s', async (type) => {
    const { email } = await createUser(t.db);
    const response = await post(
      LOGIN,
      { 'content-type': type },
      JSON.stringify({ email, pwd: DEFAULT_PASSWORD }),
    );
    expect(response.status).toBe(200);
  });

  it('lets calls without a body through, over a real socket too', async () => {
    expect((await post(API_PATHS.logout.path, {})).status).toBe(200);
    const server = listen(t.app.fetch, { port: 0 }, undefined);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const base = `http://127.0.0.1:${port}`;
      const origin = { origin: base };
      expect(
        (await fetch(`${base}${API_PATHS.logout.path}`, { method: 'POST', headers: origin })).status,
      ).toBe(200);
      const text = await fetch(`${base}${LOGIN}`, {
        method: 'POST',
        headers: { ...origin, 'content-type': 'text/plain' },
        body: login,
      });
      expect(text.status).toBe(415);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/**
 * Only the site's own hosts are answered (docs/decisions/security.md: Hosts and listen address), through the same fetch the
 * listening server uses (server/publicFetch.ts): a page on another name that resolves to this server (DNS
 * rebinding) reads neither the demo mailbox nor anything else, and does not reach the demo OpenID provider.
 */
import type { HttpBindings } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { listenAddressFor, loadConfig, type ServerConfig } from '../config';
import { DEMO_IDP_PATH } from '../idp/demoProvider';
import { publicFetch } from '../publicFetch';
import { DEV_MAILBOX_PATH } from '../routes/dev';
import { createTestApp, type TestApp } from '../test/testApp';
import { normalHost } from './hostCheck';

const MAILBOX = `${DEV_MAILBOX_PATH}?to=someone@example.com`;
const ME = API_PATHS.getMe.path;

/** The listening server's answer to a GET of `path` sent with these headers (Host among them). */
const serverOf = (t: TestApp) => {
  const fetch = publicFetch(t.config, t.app.fetch);
  return async (path: string, headers: Record<string, string>) => {
    const answer = await (await fetch)(
      new Request(`http://internal${path}`, { headers }),
      {} as HttpBindings,
    );
    return { status: answer.status, body: await answer.json() };
  };
};

const MISDIRECTED = { status: 421, body: { code: 'forbidden_error', message: 'unknown host' } };

describe('demo mode', () => {
  let t: TestApp;
  let get: ReturnType<typeof serverOf>;
  beforeAll(async () => {
    t = await createTestApp({
      config: { demo: true, port: 3000, siteUrl: 'http://localhost:3000', idp: { demoProvider: true } },
    });
    get = serverOf(t);
  });
  afterAll(() => t.close());

  it('answers 421 for another host: the mailbox, /api/me and the demo provider', async () => {
    expect(await get(MAILBOX, { host: 'evil.example' })).toEqual(MISDIRECTED);
    expect(await get(MAILBOX, { host: 'evil.example:3000' })).toEqual(MISDIRECTED);
    expect(await get(ME, { host: 'evil.example' })).toEqual(MISDIRECTED);
    expect(await get(`${DEMO_IDP_PATH}/.well-known/openid-configuration`, { host: 'evil.example' })).toEqual(
      MISDIRECTED,
    );
  });

  it('answers on localhost, 127.0.0.1 and [::1] at its port, not at another port', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000']) {
      expect((await get(MAILBOX, { host })).status, host).toBe(200);
      expect((await get(ME, { host })).status, host).toBe(401);
    }
    expect(await get(MAILBOX, { host: 'localhost:4000' })).toEqual(MISDIRECTED);
  });

  it('refuses hosts that only look like its own', async () => {
    for (const host of ['evil.example@localhost:3000', 'localhost:3000/x', '', 'localhost.evil.example:3000'])
      expect(await get(MAILBOX, { host }), host).toEqual(MISDIRECTED);
    expect(await get(MAILBOX, {})).toEqual(MISDIRECTED);
  });

  it('does not take X-Forwarded-Host from a caller when no proxy is trusted', async () => {
    expect(await get(MAILBOX, { host: 'evil.example', 'x-forwarded-host': 'localhost:3000' })).toEqual(
      MISDIRECTED,
    );
  });
});

describe('demo mode with SITE_URL left to its default (npm start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { demo: true, port: 3000, siteUrl: 'http://localhost:3000', loopbackToSite: true },
    });
  });
  afterAll(() => t.close());

  it('sends a page opened on 127.0.0.1 or [::1] to localhost, where passkeys and the organisation sign-in work; answers API calls there as before', async () => {
    const fetch = await publicFetch(t.config, t.app.fetch);
    const open = (path: string, host: string, method = 'GET') =>
      fetch(new Request(`http://internal${path}`, { method, headers: { host } }), {} as HttpBindings);
    for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
      const page = await open('/me?x=1', host);
      expect(page.status, host).toBe(307);
      expect(page.headers.get('location')).toBe('http://localhost:3000/me?x=1');
      expect((await open(ME, host)).status, host).toBe(401);
      expect((await open('/login', host, 'POST')).status, host).not.toBe(307);
    }
    expect((await open('/login', 'localhost:3000')).status).not.toBe(307);
  });
});

describe('production', () => {
  let t: TestApp;
  let get: ReturnType<typeof serverOf>;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        production: true,
        demo: false,
        mailbox: false,
        port: 3000,
        siteUrl: 'https://accounts.example.test',
        platformHost: 'platform.example.test',
        allowedHosts: ['accounts-internal.example.test:8443'],
        trustProxy: true,
      },
    });
    get = serverOf(t);
  });
  afterAll(() => t.close());

  it('answers 421 for another host, and for loopback names', async () => {
    expect(await get(MAILBOX, { host: 'evil.example' })).toEqual(MISDIRECTED);
    expect(await get(ME, { host: 'evil.example' })).toEqual(MISDIRECTED);
    expect(await get(ME, { host: 'localhost:3000' })).toEqual(MISDIRECTED);
    // The platform's host names organisation and channel addresses; this server does not serve them.
    expect(await get(ME, { host: 'platform.example.test' })).toEqual(MISDIRECTED);
  });

  it('answers its own host, ALLOWED_HOSTS, and behind the proxy the forwarded host', async () => {
    expect((await get(ME, { host: 'accounts.example.test' })).status).toBe(401);
    expect((await get(ME, { host: 'accounts.example.test:443' })).status).toBe(401);
    expect((await get(ME, { host: 'Accounts.Example.Test.' })).status).toBe(401);
    expect((await get(ME, { host: 'accounts-internal.example.test:8443' })).status).toBe(401);
    expect(
      (await get(ME, { host: '10.0.0.5:3000', 'x-forwarded-host': 'accounts.example.test' })).status,
    ).toBe(401);
    // Behind the proxy the forwarded host is what counts, even when Host is the site's.
    expect(await get(ME, { host: 'accounts.example.test', 'x-forwarded-host': 'evil.example' })).toEqual(
      MISDIRECTED,
    );
  });
});

describe('normalHost', () => {
  it('spells a host one way and refuses what is not a host', () => {
    expect(normalHost('Example.COM.')).toBe('example.com');
    expect(normalHost('example.com:80')).toBe('example.com');
    expect(normalHost('example.com:8080')).toBe('example.com:8080');
    expect(normalHost('[::1]:3000')).toBe('[::1]:3000');
    expect(normalHost('user@example.com')).toBeNull();
    expect(normalHost('example.com/path')).toBeNull();
  });
});

describe('the listen address and the hosts from the environment', () => {
  it('is loopback in demo mode and every interface in production, unless HOST says otherwise', () => {
    expect(listenAddressFor({}, false)).toBe('127.0.0.1');
    expect(listenAddressFor({}, true)).toBeUndefined();
    expect(listenAddressFor({ HOST: '0.0.0.0' }, false)).toBe('0.0.0.0');
    expect(listenAddressFor({ HOST: '10.0.0.5' }, true)).toBe('10.0.0.5');
    const demo: ServerConfig = loadConfig({});
    expect(demo.listenHost).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).listenHost).toBeUndefined();
  });

  it('reads ALLOWED_HOSTS as a comma list', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'a.example, b.example:8443' }).allowedHosts).toEqual([
      'a.example',
      'b.example:8443',
    ]);
  });
});

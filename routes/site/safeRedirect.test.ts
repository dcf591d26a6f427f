import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FALLBACK_TARGET, publicPath, safeNext, targetHref } from './safeRedirect';
import type { SiteEnv } from './siteEnv';

const production: SiteEnv = {
  mode: 'production',
  origin: 'https://platform.example',
  platformHost: 'platform.example',
  basePath: '/',
};
const development: SiteEnv = {
  mode: 'development',
  origin: 'http://localhost:5173',
  platformHost: 'localhost:5173',
  basePath: '/root/',
};

describe('safeNext: targets that are followed', () => {
  it.each([
    ['https://acme.platform.example/webapp', 'https://acme.platform.example/webapp'],
    [
      'https://news-acme.platform.example/webapp/admin?x=1#top',
      'https://news-acme.platform.example/webapp/admin?x=1#top',
    ],
    ['HTTPS://ACME.Platform.Example/webapp', 'https://acme.platform.example/webapp'],
    ['https://deep.sub.platform.example/', 'https://deep.sub.platform.example/'],
    ['  https://acme.platform.example/webapp  ', 'https://acme.platform.example/webapp'],
  ])('a host under the platform over https: %j', (target, href) => {
    expect(safeNext(target, production)).toEqual({ kind: 'external', href });
  });

  it.each([
    ['/me', '/me'],
    ['/me?redirect=x#profile', '/me?redirect=x#profile'],
    ['https://platform.example/register?token=abc', '/register?token=abc'],
    ['me', '/me'],
    ['/', '/'],
    ['https://platform.example:443/me', '/me'],
  ])('a page of this site (production, base /): %j', (target, path) => {
    expect(safeNext(target, production)).toEqual({ kind: 'site', path });
  });

  it.each([
    ['/root/me', '/me'],
    ['http://localhost:5173/root/me?redirect=%2Fx', '/me?redirect=%2Fx'],
    ['/root', '/'],
    ['me', '/me'],
  ])('a page of this site (development, base /root/): %j', (target, path) => {
    expect(safeNext(target, development)).toEqual({ kind: 'site', path });
  });

  it('a development path outside the site (organisation, channel) is a whole-page navigation', () => {
    expect(safeNext('/organisation/acme/webapp/auth/login', development)).toEqual({
      kind: 'external',
      href: 'http://localhost:5173/organisation/acme/webapp/auth/login',
    });
    expect(safeNext('/rootkit', development)).toEqual({
      kind: 'external',
      href: 'http://localhost:5173/rootkit',
    });
  });

  it("follows the site's own scheme for a production build run locally over http", () => {
    const local: SiteEnv = { ...production, origin: 'http://localhost:3000', platformHost: 'localhost:3000' };
    expect(safeNext('http://acme.localhost:3000/webapp', local)).toEqual({
      kind: 'external',
      href: 'http://acme.localhost:3000/webapp',
    });
  });
});

describe('safeNext: targets that fall back to /me', () => {
  it.each([
    undefined,
    null,
    42,
    {},
    '',
    '   ',
    // other hosts, however they are spelt
    'https://evil.com',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\t/\t/evil.com',
    'https://evil.com#.platform.example',
    'https://evil.com\\.platform.example',
    'https://evil.com?.platform.example',
    'https://platform.example.evil.com',
    'https://evilplatform.example',
    'https://platform.example.',
    // credentials in the URL (user@host tricks)
    'https://platform.example@evil.com',
    'https://acme.platform.example@evil.com/webapp',
    'https://acme.platform.example%2F@evil.com',
    'https://user:pass@acme.platform.example/',
    'https://user@acme.platform.example/',
    // script and other schemes
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript://platform.example/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://acme.platform.example/',
    'blob:https://platform.example/uuid',
    // plain http to a platform host from an https site (downgrade)
    'http://acme.platform.example/webapp',
    'http://platform.example/me',
    // another port on the platform's host
    'https://acme.platform.example:8443/',
    // the loops: straight back to login, or a log-out
    '/login',
    '/LOGIN/',
    '/login?next=/login',
    '/logout',
    '/./logout',
    'https://platform.example/login',
    // absurdly long
    `/me?${'a'.repeat(3000)}`,
  ])('%j', (target) => {
    expect(safeNext(target, production)).toEqual(FALLBACK_TARGET);
  });

  it.each([
    ['/%09/evil.com', '/%09/evil.com'],
    // Same scheme as the site: the URL standard reads this as a relative path, as browsers do.
    ['https:evil.com', '/evil.com'],
  ])('keeps look-alikes of other hosts on this site: %j', (target, path) => {
    expect(safeNext(target, production)).toEqual({ kind: 'site', path });
  });

  it('refuses https:evil.com where the site runs on http (there it names another host)', () => {
    expect(safeNext('https:evil.com', development)).toEqual(FALLBACK_TARGET);
  });

  it('refuses the login loop in development too', () => {
    expect(safeNext('/root/login?next=%2Froot%2Fme', development)).toEqual(FALLBACK_TARGET);
    expect(safeNext('/root/logout', development)).toEqual(FALLBACK_TARGET);
  });

  it('refuses everything outside the origin when the platform host is misconfigured', () => {
    expect(safeNext('https://acme.platform.example/', { ...production, platformHost: '' })).toEqual(
      FALLBACK_TARGET,
    );
    expect(safeNext('https://acme.platform.example/', { ...production, platformHost: 'a b' })).toEqual(
      FALLBACK_TARGET,
    );
  });
});

describe('targetHref and publicPath', () => {
  it('turns a site target into an absolute URL under the base path', () => {
    expect(targetHref({ kind: 'site', path: '/me?x=1' }, development)).toBe(
      'http://localhost:5173/root/me?x=1',
    );
    expect(targetHref(FALLBACK_TARGET, production)).toBe('https://platform.example/me');
  });

  it('passes an external target through', () => {
    expect(targetHref({ kind: 'external', href: 'https://acme.platform.example/webapp' }, production)).toBe(
      'https://acme.platform.example/webapp',
    );
  });

  it('adds the base path to a router href, and safeNext reads it back to the same page', () => {
    const next = publicPath('/me?redirect=https%3A%2F%2Facme.platform.example', development);
    expect(next).toBe('/root/me?redirect=https%3A%2F%2Facme.platform.example');
    expect(safeNext(next, development)).toEqual({
      kind: 'site',
      path: '/me?redirect=https%3A%2F%2Facme.platform.example',
    });
  });
});

/** Where a whole-page navigation to the target lands, read the way the browser reads the href. */
const landingOf = (target: string, env: SiteEnv) =>
  new URL(targetHref(safeNext(target, env), env), new URL(env.basePath, env.origin));

const staysOnThePlatform = (landing: URL, env: SiteEnv) => {
  const platform = new URL(`${landing.protocol}//${env.platformHost}`).host;
  return landing.origin === env.origin || landing.host === platform || landing.host.endsWith(`.${platform}`);
};

describe('safeNext: paths that normalise into another host', () => {
  it.each([
    '/..//evil.example',
    '/..//evil.example/me',
    '/.%2e//evil.example',
    '/%2e%2e//evil.example',
    '/..\\/evil.example',
    '/\\evil.example',
    '/root/..//evil.example',
    '/root/../..//evil.example',
    '///evil.example',
    '/\t/evil.example',
  ])('%s stays on this site', (target) => {
    for (const env of [production, development]) {
      const landing = landingOf(target, env);
      expect(landing.host, `${target} on ${env.origin}`).toBe(new URL(env.origin).host);
    }
  });

  it('no generated target leaves this site or the platform hosts (property)', () => {
    const pieces = fc.constantFrom(
      '/',
      '//',
      '\\',
      '/\\',
      '..',
      '.',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '%2e%2e',
      'evil.example',
      'platform.example.evil.example',
      'acme.platform.example',
      '@',
      ':',
      'https:',
      'http:',
      'javascript:',
      '\t',
      '\n',
      ' ',
      '?',
      '#',
      'root',
      'me',
      'localhost:5173',
      '%00',
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 8 }),
        fc.constantFrom(production, development),
        (parts, env) => {
          const target = parts.join('');
          const landing = landingOf(target, env);
          expect(['https:', 'http:']).toContain(landing.protocol);
          expect(staysOnThePlatform(landing, env), `${JSON.stringify(target)} -> ${landing.href}`).toBe(true);
        },
      ),
      { numRuns: 3000, seed: 20261123 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  accountSiteUrl,
  channelAdminUrl,
  channelHostPreview,
  channelLabel,
  channelUrl,
  channelWebAppUrl,
  embedHost,
  embedUrl,
  hostLabel,
  organisationLoginUrl,
  organisationUrl,
  storyUrl,
  type UrlEnv,
} from './urls';

const production: UrlEnv = {
  mode: 'production',
  origin: 'https://platform.example',
  platformHost: 'platform.example',
};
const localProduction: UrlEnv = {
  mode: 'production',
  origin: 'http://localhost:3000',
  platformHost: 'localhost:3000',
};
const development: UrlEnv = {
  mode: 'development',
  origin: 'http://localhost:5173',
  platformHost: 'localhost:5173',
};
const acme = { channelSubdomain: 'news', organisationSubdomain: 'acme' };

describe('production URLs (spec 2 Derived URLs)', () => {
  it('puts an organisation on its own subdomain', () => {
    expect(organisationUrl('acme', production)).toBe('https://acme.platform.example');
  });

  it('builds the organisation login under /webapp/auth/login', () => {
    expect(organisationLoginUrl('acme', production)).toBe('https://acme.platform.example/webapp/auth/login');
  });

  it('puts a channel on {channel}-{organisation}.{host} (spec 2 Register preview, spec 7)', () => {
    expect(channelUrl(acme, production)).toBe('https://news-acme.platform.example');
  });

  it('derives the channel web app, admin area and story URLs from the channel URL', () => {
    const url = channelUrl(acme, production);
    expect(channelWebAppUrl(url)).toBe('https://news-acme.platform.example/webapp');
    expect(channelAdminUrl(url)).toBe('https://news-acme.platform.example/webapp/admin');
    expect(storyUrl(url, 42)).toBe('https://news-acme.platform.example/stories/42');
  });

  it('accepts a server-given channel URL with a trailing slash', () => {
    expect(channelWebAppUrl('https://news-acme.platform.example/')).toBe(
      'https://news-acme.platform.example/webapp',
    );
    expect(storyUrl('https://news-acme.platform.example/', 'a b/c')).toBe(
      'https://news-acme.platform.example/stories/a%20b%2Fc',
    );
  });

  it('puts the embed host on embed.{host}', () => {
    expect(embedHost(production)).toBe('embed.platform.example');
    expect(embedUrl(production)).toBe('https://embed.platform.example');
  });

  it('serves the account site at the origin', () => {
    expect(accountSiteUrl(production)).toBe('https://platform.example');
  });

  it('keeps the scheme and port of a locally run production build', () => {
    expect(organisationUrl('acme', localProduction)).toBe('http://acme.localhost:3000');
    expect(channelUrl(acme, localProduction)).toBe('http://news-acme.localhost:3000');
  });
});

describe('development mapping (docs/decisions/conventions.md: Development mapping)', () => {
  it('maps the organisation host to /organisation/{subdomain}', () => {
    expect(organisationUrl('acme', development)).toBe('http://localhost:5173/organisation/acme');
    expect(organisationLoginUrl('acme', development)).toBe(
      'http://localhost:5173/organisation/acme/webapp/auth/login',
    );
  });

  it('maps the channel host to /channel/{channel}-{organisation}', () => {
    expect(channelUrl(acme, development)).toBe('http://localhost:5173/channel/news-acme');
    expect(channelAdminUrl(channelUrl(acme, development))).toBe(
      'http://localhost:5173/channel/news-acme/webapp/admin',
    );
  });

  it('maps the embed host to /embed and the account site to /root', () => {
    expect(embedUrl(development)).toBe('http://localhost:5173/embed');
    expect(accountSiteUrl(development)).toBe('http://localhost:5173/root');
  });

  it('ignores a path or trailing slash in the configured origin', () => {
    expect(organisationUrl('acme', { ...development, origin: 'http://localhost:5173/root/' })).toBe(
      'http://localhost:5173/organisation/acme',
    );
  });
});

describe('register preview (spec 2 Register)', () => {
  it('shows {channelsubdomain}-{organisationsubdomain}.{host} under the welcome organisation', () => {
    const address = { channelSubdomain: 'mychannel', organisationSubdomain: 'welcome' };
    expect(channelHostPreview(address, production)).toBe('mychannel-welcome.platform.example');
    expect(channelHostPreview(address, development)).toBe('mychannel-welcome.localhost:5173');
  });
});

describe('subdomains as host labels', () => {
  it('lower-cases and trims', () => {
    expect(hostLabel(' ACME ')).toBe('acme');
    expect(channelLabel({ channelSubdomain: 'News', organisationSubdomain: 'ACME' })).toBe('news-acme');
  });

  it('allows the underscores of organisation codes such as unicef_for_every_child (spec 9)', () => {
    expect(organisationUrl('unicef_for_every_child', production)).toBe(
      'https://unicef_for_every_child.platform.example',
    );
  });

  it.each([
    'evil.com/',
    'a.b',
    'a/b',
    'user@evil',
    'a:1',
    '',
    'a b',
    '?x',
    '#x',
  ])('refuses %j, which would change where the URL points', (subdomain) => {
    expect(() => organisationUrl(subdomain, production)).toThrow(RangeError);
    expect(() =>
      channelUrl({ channelSubdomain: subdomain, organisationSubdomain: 'acme' }, production),
    ).toThrow(RangeError);
  });
});

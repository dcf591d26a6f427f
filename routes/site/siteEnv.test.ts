import { afterEach, describe, expect, it } from 'vitest';
import { platformHostOf } from './siteEnv';

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name="platform-host"]')) meta.remove();
});

const tell = (host: string) => {
  const meta = document.createElement('meta');
  meta.name = 'platform-host';
  meta.content = host;
  document.head.append(meta);
};

describe('the platform host', () => {
  it('is the one the server tells in the page, before the build setting and the site host', () => {
    tell('platform.example');
    expect(platformHostOf(document, 'built.example', 'accounts.example')).toBe('platform.example');
  });

  it('is the build setting without the server, and the site host without either', () => {
    expect(platformHostOf(document, ' built.example ', 'accounts.example')).toBe('built.example');
    expect(platformHostOf(document, undefined, 'accounts.example')).toBe('accounts.example');
    tell('  ');
    expect(platformHostOf(document, '', 'accounts.example')).toBe('accounts.example');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { platformHostOf, rememberedDeviceDaysOf } from './siteEnv';

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

describe("the days of 'Remember this device'", () => {
  const days = (content: string | null) => {
    for (const meta of document.head.querySelectorAll('meta[name="remembered-device-days"]')) meta.remove();
    if (content === null) return;
    const meta = document.createElement('meta');
    meta.name = 'remembered-device-days';
    meta.content = content;
    document.head.append(meta);
  };

  it('are the ones the server tells in the page, else 30; a value out of 1-365 is not believed', () => {
    days(null);
    expect(rememberedDeviceDaysOf(document)).toBe(30);
    days('7');
    expect(rememberedDeviceDaysOf(document)).toBe(7);
    for (const odd of ['0', '366', '2.5', 'x', '']) {
      days(odd);
      expect(rememberedDeviceDaysOf(document)).toBe(30);
    }
    days(null);
  });
});

import { describe, expect, it } from 'vitest';
import { readObservabilityConfig } from './config';

describe('readObservabilityConfig', () => {
  it('is all off by default', () => {
    expect(readObservabilityConfig({ MODE: 'production' })).toEqual({
      sentryDsn: undefined,
      environment: 'production',
      chatSupport: 'none',
      chatSupportId: undefined,
    });
  });

  it('reads the DSN and the chat vendor with its id', () => {
    const config = readObservabilityConfig({
      MODE: 'development',
      VITE_SENTRY_DSN: ' https://key@example.ingest.sentry.io/1 ',
      VITE_CHAT_SUPPORT: 'Intercom',
      VITE_CHAT_SUPPORT_ID: 'abc123',
    });
    expect(config).toEqual({
      sentryDsn: 'https://key@example.ingest.sentry.io/1',
      environment: 'development',
      chatSupport: 'intercom',
      chatSupportId: 'abc123',
    });
  });

  it.each([
    ['an unknown vendor', { VITE_CHAT_SUPPORT: 'zendesk', VITE_CHAT_SUPPORT_ID: 'x' }],
    ['a vendor without its id', { VITE_CHAT_SUPPORT: 'crisp' }],
    ['an empty vendor', { VITE_CHAT_SUPPORT: '  ' }],
  ])('falls back to none for %s', (_case, env) => {
    expect(readObservabilityConfig(env).chatSupport).toBe('none');
  });

  it('reads import.meta.env when given nothing (no DSN in tests)', () => {
    expect(readObservabilityConfig().sentryDsn).toBeUndefined();
    expect(readObservabilityConfig().environment).toBe('test');
  });
});

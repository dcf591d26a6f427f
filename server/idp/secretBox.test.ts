import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/testApp';
import { openClientSecret, sealClientSecret } from './secretBox';

const config = testConfig({ secretKeys: { current: randomBytes(32).toString('base64'), previous: [] } });

describe('identity-provider secrets at rest', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = sealClientSecret(config, 'client-secret-value', 1, 'okta');
    expect(sealed).not.toContain('client-secret-value');
    expect(sealed).toMatch(/^v2\.[0-9a-f]{12}\./);
    expect(openClientSecret(config, sealed, 1, 'okta')).toBe('client-secret-value');
  });

  it('refuses another key, another organisation or provider', () => {
    const sealed = sealClientSecret(config, 'secret', 1, 'okta');
    const otherKey = testConfig({ secretKeys: { current: randomBytes(32).toString('hex'), previous: [] } });
    expect(() => openClientSecret(otherKey, sealed, 1, 'okta')).toThrow();
    expect(() => openClientSecret(config, sealed, 2, 'okta')).toThrow();
    expect(() => openClientSecret(config, sealed, 1, 'azure')).toThrow();
  });

  it('needs the server key in production', () => {
    expect(() => sealClientSecret(testConfig({ production: true }), 'secret', 1, 'okta')).toThrow(
      /SECRET_KEY/,
    );
  });
});

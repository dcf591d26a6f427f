import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdpKeyError, idpSecretKey, openSecret, sealSecret, secretContext } from './secretBox';

const key = randomBytes(32);

describe('identity-provider secrets at rest', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, 'client-secret-value', secretContext(1, 'okta'));
    expect(sealed).not.toContain('client-secret-value');
    expect(sealed).toMatch(/^v1\./);
    expect(openSecret(key, sealed, secretContext(1, 'okta'))).toBe('client-secret-value');
  });

  it('seals the same secret differently each time (fresh nonce)', () => {
    expect(sealSecret(key, 's', 'c')).not.toBe(sealSecret(key, 's', 'c'));
  });

  it('refuses another key, another organisation or provider, and a tampered ciphertext', () => {
    const sealed = sealSecret(key, 'secret', secretContext(1, 'okta'));
    expect(() => openSecret(randomBytes(32), sealed, secretContext(1, 'okta'))).toThrow();
    expect(() => openSecret(key, sealed, secretContext(2, 'okta'))).toThrow();
    expect(() => openSecret(key, sealed, secretContext(1, 'azure'))).toThrow();
    const [version, iv, tag, body = ''] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const tampered = [version, iv, tag, flipped.toString('base64url')].join('.');
    expect(() => openSecret(key, tampered, secretContext(1, 'okta'))).toThrow();
    expect(() => openSecret(key, 'plain-text', secretContext(1, 'okta'))).toThrow(IdpKeyError);
  });

  it('requires IDP_SECRET_KEY in production, uses a fixed demo key outside it, and checks its length', () => {
    expect(() => idpSecretKey({ production: true, key: undefined })).toThrow(IdpKeyError);
    expect(idpSecretKey({ production: false, key: undefined })).toEqual(
      idpSecretKey({ production: false, key: undefined }),
    );
    const hex = randomBytes(32).toString('hex');
    expect(idpSecretKey({ production: true, key: hex })).toEqual(Buffer.from(hex, 'hex'));
    const base64 = randomBytes(32).toString('base64');
    expect(idpSecretKey({ production: true, key: base64 })).toEqual(Buffer.from(base64, 'base64'));
    expect(() => idpSecretKey({ production: true, key: 'short' })).toThrow(IdpKeyError);
  });
});

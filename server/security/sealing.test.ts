import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, isSealedUnderCurrent, open, openOrNull, SealError, seal } from './sealing';
import { serverKeyRing } from './serverKey';

const key = () => randomBytes(32).toString('base64');
const ringOf = (current: string, ...previous: string[]) =>
  serverKeyRing({ production: true, keys: { current, previous } });

/** The identity-provider format before key ids (v1: AES-256-GCM under the raw key), as an older version wrote it. */
const legacySeal = (raw: string, plain: string, context: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(raw, 'base64'), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join('.');
};

describe('sealed values', () => {
  it('open with their key and context, carry the key id, and differ at each sealing', () => {
    const ring = ringOf(key());
    const sealed = seal(ring, 'JBSWY3DPEHPK3PXP', 'totp:users.totp_secret:1');
    expect(sealed.startsWith(`v2.${ring.current.id}.`)).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(isSealed(sealed) && isSealedUnderCurrent(ring, sealed)).toBe(true);
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(open(ring, sealed, 'totp:users.totp_secret:1')).toEqual({
      value: 'JBSWY3DPEHPK3PXP',
      stale: false,
    });
    expect(seal(ring, 's', 'c')).not.toBe(seal(ring, 's', 'c'));
  });

  it('do not open for another row, under another key, or tampered with', () => {
    const ring = ringOf(key());
    const sealed = seal(ring, 'secret', 'totp:users.totp_secret:1');
    expect(() => open(ring, sealed, 'totp:users.totp_secret:2')).toThrow(SealError);
    expect(() => open(ring, sealed, 'totp:users.totp_pending_secret:1')).toThrow(SealError);
    expect(openOrNull(ringOf(key()), sealed, 'totp:users.totp_secret:1')).toBeNull();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    expect(openOrNull(ring, parts.join('.'), 'totp:users.totp_secret:1')).toBeNull();
    expect(openOrNull(ring, 'JBSWY3DPEHPK3PXP', 'totp:users.totp_secret:1')).toBeNull();
    expect(openOrNull(ring, 'v2.x', 'c')).toBeNull();
  });

  it('sealed under a previous key still open, marked stale; a retired key no longer opens', () => {
    const [older, newer] = [key(), key()];
    const sealed = seal(ringOf(older), 'secret', 'c');
    expect(open(ringOf(newer, older), sealed, 'c')).toEqual({ value: 'secret', stale: true });
    expect(openOrNull(ringOf(newer), sealed, 'c')).toBeNull();
  });

  it('identity-provider secrets of the format before key ids open under the current or a previous key', () => {
    const [older, newer] = [key(), key()];
    const sealed = legacySeal(older, 'client-secret', 'idp:1:okta');
    expect(open(ringOf(older), sealed, 'idp:1:okta')).toEqual({ value: 'client-secret', stale: true });
    expect(open(ringOf(newer, older), sealed, 'idp:1:okta')).toEqual({ value: 'client-secret', stale: true });
    expect(openOrNull(ringOf(older), sealed, 'idp:2:okta')).toBeNull();
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { keyRingOf, ServerKeyError, serverKeyRing } from './serverKey';

const hex = () => randomBytes(32).toString('hex');

describe('the server key', () => {
  it('refuses to run in production without SECRET_KEY, in one sentence naming the variable', () => {
    const refusal = () => keyRingOf(loadConfig({ NODE_ENV: 'production' }));
    expect(refusal).toThrow(ServerKeyError);
    expect(refusal).toThrow(/^SECRET_KEY is required in production: 32 random bytes/);
  });

  it('refuses a key of the wrong length, naming the variable it came from', () => {
    expect(() => serverKeyRing({ production: true, keys: { current: 'short', previous: [] } })).toThrow(
      /^SECRET_KEY must be 32 random bytes/,
    );
    expect(() => serverKeyRing({ production: true, keys: { current: hex(), previous: ['short'] } })).toThrow(
      /^SECRET_KEYS_PREVIOUS must be 32 random bytes/,
    );
  });

  it('uses the fixed public demo key outside production, and never in production', () => {
    const demo = keyRingOf(loadConfig({}));
    expect(demo.current.id).toBe(keyRingOf(loadConfig({})).current.id);
    const production = keyRingOf(loadConfig({ NODE_ENV: 'production', SECRET_KEY: hex() }));
    expect(production.current.id).not.toBe(demo.current.id);
  });

  it('reads the key as base64 or hex, and derives distinct keys per purpose', () => {
    const raw = randomBytes(32);
    const fromHex = serverKeyRing({ production: true, keys: { current: raw.toString('hex'), previous: [] } });
    const fromBase64 = serverKeyRing({
      production: true,
      keys: { current: raw.toString('base64'), previous: [] },
    });
    expect(fromHex.current.id).toBe(fromBase64.current.id);
    expect(fromHex.current.id).toMatch(/^[0-9a-f]{12}$/);
    const { sealing, recoveryCodes, uploadSignatures, countKeys, legacySealing } = fromHex.current;
    expect(legacySealing).toEqual(raw);
    const keys = [sealing, recoveryCodes, uploadSignatures, countKeys, legacySealing];
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(keys.length);
  });

  it('takes IDP_SECRET_KEY as the older name of SECRET_KEY, and as a previous key beside a different one', () => {
    const [older, newer] = [hex(), hex()];
    const idpOnly = loadConfig({ NODE_ENV: 'production', IDP_SECRET_KEY: older });
    expect(keyRingOf(idpOnly).previous).toEqual([]);
    const both = keyRingOf(
      loadConfig({
        NODE_ENV: 'production',
        SECRET_KEY: newer,
        IDP_SECRET_KEY: older,
        SECRET_KEYS_PREVIOUS: '',
      }),
    );
    expect(both.current.id).toBe(
      keyRingOf(loadConfig({ NODE_ENV: 'production', SECRET_KEY: newer })).current.id,
    );
    expect(both.previous.map((key) => key.id)).toEqual([keyRingOf(idpOnly).current.id]);
  });

  it('lists SECRET_KEYS_PREVIOUS in order, without repeats or the current key', () => {
    const [current, first, second] = [hex(), hex(), hex()];
    const ring = keyRingOf(
      loadConfig({
        NODE_ENV: 'production',
        SECRET_KEY: current,
        SECRET_KEYS_PREVIOUS: `${first}, ${second},${first},${current}`,
      }),
    );
    const id = (key: string) =>
      serverKeyRing({ production: true, keys: { current: key, previous: [] } }).current.id;
    expect(ring.previous.map((key) => key.id)).toEqual([id(first), id(second)]);
  });
});

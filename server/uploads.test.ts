import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import {
  checkUploadParams,
  DEFAULT_UPLOAD_BUDGET_MB,
  directoryUploadStore,
  MB,
  signUploadParams,
  sniffImageType,
  UPLOAD_SIGNATURE_TTL_MS,
  uploadBudgetBytesFrom,
  uploadStoreFor,
} from './uploads';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

describe('sniffImageType', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a', 1))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('signUploadParams / checkUploadParams', () => {
  const KEY = Buffer.alloc(32, 1).toString('base64');
  const OTHER_KEY = Buffer.alloc(32, 2).toString('base64');
  const config = { transloadit: null, production: true, secretKeys: { current: KEY, previous: [] } };
  const now = new Date(Date.UTC(2026, 0, 1));
  const signed = signUploadParams(config, { template_id: 'profile-file', fields: { user_id: 3 } }, now);

  it('accepts its own signature until the expiry', () => {
    expect(checkUploadParams(config, signed, now)).toMatchObject({
      ok: true,
      params: { fields: { user_id: 3 } },
    });
    const late = new Date(now.getTime() + UPLOAD_SIGNATURE_TTL_MS);
    expect(checkUploadParams(config, signed, late)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another server key, changed params and signatures made for Transloadit', () => {
    const otherKey = { production: true, secretKeys: { current: OTHER_KEY, previous: [] } };
    expect(checkUploadParams(otherKey, signed, now)).toEqual({ ok: false, reason: 'signature' });
    const changed = { ...signed, params: signed.params.replace('"user_id":3', '"user_id":4') };
    expect(checkUploadParams(config, changed, now)).toEqual({ ok: false, reason: 'signature' });
    // A signature made for Transloadit is Transloadit's to check, not ours.
    const forTransloadit = signUploadParams(
      { ...config, transloadit: { key: 'tl', secret: 'secret' } },
      { template_id: 'profile-file', fields: { user_id: 3 } },
      now,
    );
    expect(forTransloadit.signature).toMatch(/^sha384:[0-9a-f]{96}$/);
    expect(checkUploadParams(config, forTransloadit, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('every process of a deployment accepts what another signed: the key comes from SECRET_KEY, not from the start', () => {
    // Two processes (WORKERS=2, or a restart) read the same environment, each on its own.
    const production = { NODE_ENV: 'production', SECRET_KEY: KEY };
    const first = loadConfig(production);
    const second = loadConfig(production);
    const fromFirst = signUploadParams(first, { template_id: 'profile-file', fields: { user_id: 3 } }, now);
    expect(checkUploadParams(second, fromFirst, now)).toMatchObject({ ok: true });
    // Demo mode without SECRET_KEY: the public demo key, the same in every process too.
    const demo = signUploadParams(
      loadConfig({}),
      { template_id: 'profile-file', fields: { user_id: 3 } },
      now,
    );
    expect(checkUploadParams(loadConfig({}), demo, now)).toMatchObject({ ok: true });
    expect(checkUploadParams(second, demo, now)).toEqual({ ok: false, reason: 'signature' });
    // After a key rotation a signature made a moment before still uploads, with the old key among the previous.
    const rotated = loadConfig({ NODE_ENV: 'production', SECRET_KEY: OTHER_KEY, SECRET_KEYS_PREVIOUS: KEY });
    expect(checkUploadParams(rotated, fromFirst, now)).toMatchObject({ ok: true });
  });
});

describe('directoryUploadStore', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'uploads-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('puts, gets and removes files by our own names only', async () => {
    const store = directoryUploadStore(path.join(directory, 'uploads'));
    const name = `${'a'.repeat(32)}.png`;
    await store.put(name, bytes(1, 2, 3));
    expect(await readdir(path.join(directory, 'uploads'))).toEqual([name]);
    expect(await store.get(name)).toEqual(bytes(1, 2, 3));
    await store.remove(name);
    expect(await store.get(name)).toBeNull();
    expect(await store.get('../../etc/passwd')).toBeNull();
    await expect(store.put('../escape.png', bytes(1))).rejects.toThrow();
  });

  it('is chosen for a data directory; memory for memory://', async () => {
    const onDisk = uploadStoreFor({ dataDir: directory });
    const name = `${'b'.repeat(32)}.gif`;
    await onDisk.put(name, bytes(7));
    expect(await readdir(path.join(directory, 'uploads'))).toContain(name);
    const inMemory = uploadStoreFor({ dataDir: 'memory://' });
    await inMemory.put(name, bytes(8));
    expect(await inMemory.get(name)).toEqual(bytes(8));
    expect(await onDisk.get(name)).toEqual(bytes(7));
  });
});

describe('UPLOAD_BUDGET_MB', () => {
  it('is read in megabytes, defaults when unset, and refuses what is not a positive number', () => {
    expect(uploadBudgetBytesFrom(undefined)).toBe(DEFAULT_UPLOAD_BUDGET_MB * MB);
    expect(uploadBudgetBytesFrom('')).toBe(DEFAULT_UPLOAD_BUDGET_MB * MB);
    expect(uploadBudgetBytesFrom('512')).toBe(512 * MB);
    expect(uploadBudgetBytesFrom('0.5')).toBe(MB / 2);
    for (const wrong of ['0', '-1', 'lots', 'Infinity'])
      expect(() => uploadBudgetBytesFrom(wrong)).toThrow(/UPLOAD_BUDGET_MB/);
    expect(loadConfig({ UPLOAD_BUDGET_MB: '100' }).uploadBudgetBytes).toBe(100 * MB);
  });
});

/**
 * This server's stand-in for the upload service of spec 7 (Transloadit-like): signed upload parameters, the
 * check of an uploaded image, and where the files live (DATA_DIR/uploads, or memory for an in-memory database).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { OWN_UPLOAD_AUTH_KEY } from '../api/contract/images';
import { IMAGE_TEMPLATES, type PROFILE_IMAGE_TYPES } from '../api/contract/limits';
import type { ServerConfig } from './config';
import { safeEqual } from './security/crypto';
import { keyRingOf, keysInOrder } from './security/serverKey';

/** How long a signature stays good: long enough to pick a file on a slow phone, short enough to be useless later. */
export const UPLOAD_SIGNATURE_TTL_MS = 30 * 60_000;
/** Uploads a user may make in a day (this server's own endpoint): a bound on disk, whatever the client does. */
export const UPLOADS_PER_USER_PER_DAY = 20;
/**
 * Before the address is confirmed (users.confirmed_at), a much smaller allowance: sign-ups need no confirmation, so
 * without it every throwaway account would bring a full day's quota (docs/decisions/security.md: Uploads).
 */
export const UNCONFIRMED_UPLOADS_PER_DAY = 3;
export const UNCONFIRMED_UPLOAD_BYTES_PER_DAY = 5 * 1024 * 1024;
/** UPLOAD_BUDGET_MB's default: all stored upload files together, whoever uploaded them. */
export const DEFAULT_UPLOAD_BUDGET_MB = 2048;
export const MB = 1024 * 1024;

/** UPLOAD_BUDGET_MB (whole or fractional megabytes, > 0) in bytes; the default when unset. */
export const uploadBudgetBytesFrom = (value: string | undefined): number => {
  if (value === undefined || value.trim() === '') return DEFAULT_UPLOAD_BUDGET_MB * MB;
  const megabytes = Number(value);
  if (!Number.isFinite(megabytes) || megabytes <= 0)
    throw new Error(`UPLOAD_BUDGET_MB must be a positive number of megabytes, not "${value}"`);
  return Math.floor(megabytes * MB);
};

/** An upload not turned into an image record by then is an orphan: its file and row are removed. */
export const ORPHAN_UPLOAD_AFTER_MS = 24 * 60 * 60_000;
/** auth.key of the params this server signs for itself (Transloadit mode uses the configured key). */
export const LOCAL_AUTH_KEY = OWN_UPLOAD_AUTH_KEY;

/** The params we sign: Transloadit's shape (auth.key, auth.expires, template_id, fields). */
export const UploadParams = v.object({
  auth: v.object({ key: v.string(), expires: v.string() }),
  template_id: v.picklist(IMAGE_TEMPLATES),
  /** `nonce`: every signature differs, even two asked for in the same instant (a signature uploads once). */
  fields: v.object({ user_id: v.number(), url: v.optional(v.string()), nonce: v.optional(v.string()) }),
});
export type UploadParams = v.InferOutput<typeof UploadParams>;

export interface SignedParams {
  params: string;
  signature: string;
}

/** The settings the signatures depend on: Transloadit's keys, else the server key (server/security/serverKey.ts). */
type SigningSettings = Pick<ServerConfig, 'transloadit' | 'production' | 'secretKeys'>;

const hmac = (algorithm: 'sha256' | 'sha384', secret: string | Buffer, value: string): string =>
  `${algorithm}:${createHmac(algorithm, secret).update(value, 'utf8').digest('hex')}`;

/**
 * Signs upload params: for Transloadit when keys are configured (HMAC-SHA384 with the auth secret, 'sha384:'
 * prefix, as its signature authentication expects), otherwise for our own /api/uploads (HMAC-SHA256 under a key
 * derived from the server key with its own label, so every process of a deployment, and the next start, accepts
 * what another signed; docs/decisions/security.md: Uploads).
 */
export const signUploadParams = (
  config: SigningSettings,
  params: Omit<UploadParams, 'auth'>,
  now: Date,
): SignedParams => {
  const expires = new Date(now.getTime() + UPLOAD_SIGNATURE_TTL_MS).toISOString();
  const key = config.transloadit?.key ?? LOCAL_AUTH_KEY;
  const json = JSON.stringify({
    auth: { key, expires },
    ...params,
    fields: { ...params.fields, nonce: randomBytes(16).toString('hex') },
  });
  const signature = config.transloadit
    ? hmac('sha384', config.transloadit.secret, json)
    : hmac('sha256', keyRingOf(config).current.uploadSignatures, json);
  return { params: json, signature };
};

export type ParamsCheck = { ok: true; params: UploadParams } | { ok: false; reason: 'signature' | 'expired' };

/**
 * Checks our own signature (constant time; under the current server key or a previous one, so a signature made just
 * before a key rotation still uploads) and the expiry; the params only count when both hold.
 */
export const checkUploadParams = (
  config: Pick<ServerConfig, 'production' | 'secretKeys'>,
  signed: SignedParams,
  now: Date,
): ParamsCheck => {
  const signedByUs = keysInOrder(keyRingOf(config)).some((key) =>
    safeEqual(hmac('sha256', key.uploadSignatures, signed.params), signed.signature),
  );
  if (!signedByUs) return { ok: false, reason: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(signed.params);
  } catch {
    return { ok: false, reason: 'signature' };
  }
  const parsed = v.safeParse(UploadParams, json);
  if (!parsed.success || parsed.output.auth.key !== LOCAL_AUTH_KEY) return { ok: false, reason: 'signature' };
  const expires = Date.parse(parsed.output.auth.expires);
  if (!(expires > now.getTime())) return { ok: false, reason: 'expired' };
  return { ok: true, params: parsed.output };
};

export type ImageType = (typeof PROFILE_IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type by its first bytes, whatever the upload claims: a file that only says it is a PNG is not
 * stored (we serve the files back, so what we store must be what we say).
 */
export const sniffImageType = (bytes: Uint8Array): ImageType | null => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
};

export const EXTENSION_OF: Readonly<Record<ImageType, string>> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
};

/** Where uploaded files live. Names are ours (assembly id + extension), never the uploader's. */
export interface UploadStore {
  put: (name: string, bytes: Uint8Array) => Promise<void>;
  get: (name: string) => Promise<Uint8Array | null>;
  remove: (name: string) => Promise<void>;
}

const SAFE_NAME = /^[a-f0-9]{32}\.[a-z]{3,4}$/;
/** True for names this server gives stored files (anything else is not ours, and never reaches a query). */
export const isUploadName = (name: string): boolean => SAFE_NAME.test(name);
const checked = (name: string): string => {
  if (!SAFE_NAME.test(name)) throw new Error(`not an upload name: ${name}`);
  return name;
};

export const memoryUploadStore = (): UploadStore => {
  const files = new Map<string, Uint8Array>();
  return {
    put: async (name, bytes) => void files.set(checked(name), bytes),
    get: async (name) => files.get(name) ?? null,
    remove: async (name) => void files.delete(name),
  };
};

export const directoryUploadStore = (directory: string): UploadStore => {
  const root = path.resolve(directory);
  return {
    put: async (name, bytes) => {
      await mkdir(root, { recursive: true });
      await writeFile(path.join(root, checked(name)), bytes);
    },
    get: async (name) => {
      if (!SAFE_NAME.test(name)) return null;
      try {
        return new Uint8Array(await readFile(path.join(root, name)));
      } catch {
        return null;
      }
    },
    remove: async (name) => {
      if (SAFE_NAME.test(name)) await rm(path.join(root, name), { force: true });
    },
  };
};

const storesByConfig = new WeakMap<object, UploadStore>();

/**
 * DATA_DIR/uploads next to the embedded database; memory when the database is in memory (tests). One store per
 * config object, so the routes and the orphan sweep (uploadSweep.ts) of one server see the same files.
 */
export const uploadStoreFor = (config: Pick<ServerConfig, 'dataDir'>): UploadStore => {
  const known = storesByConfig.get(config);
  if (known) return known;
  const store = config.dataDir.startsWith('memory://')
    ? memoryUploadStore()
    : directoryUploadStore(path.join(config.dataDir, 'uploads'));
  storesByConfig.set(config, store);
  return store;
};

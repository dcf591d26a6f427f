/**
 * What uploads may cost (docs/security.md: Uploads): per calling address, before confirmation, and the storage
 * budget, counted with the real numbers of server/rateLimit.ts and server/uploads.ts.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UploadAnswerWire, UploadSignatureAnswerWire } from '../../api/contract/images';
import { API_PATHS } from '../../api/contract/paths';
import { uploads, users } from '../db/schema';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { createUser, signedInUser, signIn } from '../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';
import {
  MB,
  UNCONFIRMED_UPLOAD_BYTES_PER_DAY,
  UNCONFIRMED_UPLOADS_PER_DAY,
  UPLOADS_PER_USER_PER_DAY,
  uploadStoreFor,
} from '../uploads';

const DAY_MS = 24 * 60 * 60_000;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file the server takes as a PNG (it checks the first bytes), of any size. */
const png = (size: number) => {
  const bytes = new Uint8Array(Math.max(size, PNG_SIGNATURE.length));
  bytes.set(PNG_SIGNATURE);
  return new Blob([bytes], { type: 'image/png' });
};

const upload = async (client: TestClient, file: Blob) => {
  const signed = await client.post(API_PATHS.getUploadSignature.path, {
    type: 'profile',
    template: 'profile-file',
  });
  expect(signed.status).toBe(200);
  const { params, signature } = v.parse(UploadSignatureAnswerWire, signed.body);
  const form = new FormData();
  form.set('params', params);
  form.set('signature', signature);
  form.set('file', file, 'me.png');
  return client.request('POST', API_PATHS.uploadImage.path, { body: form });
};

const storedRows = async (t: TestApp) => t.db.select().from(uploads);

describe('per calling address (rate limit bucket "uploads")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS, trustProxy: true } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const from = async (address: string) => {
    const { email, password } = await createUser(t.db, {}, t.clock.now());
    const client = t.client({ 'x-forwarded-for': address });
    await signIn(client, email, password);
    return client;
  };

  it(`takes ${DEFAULT_RATE_LIMITS.uploads.max} uploads a day from one address, whatever the accounts, then 429 until the day is over`, async () => {
    const max = DEFAULT_RATE_LIMITS.uploads.max;
    const accounts = Math.ceil(max / UPLOADS_PER_USER_PER_DAY) + 1;
    const clients = await Promise.all(Array.from({ length: accounts }, () => from('203.0.113.7')));
    let accepted = 0;
    for (let i = 0; i < max; i += 1) {
      const client = clients[Math.floor(i / UPLOADS_PER_USER_PER_DAY)]!;
      expect((await upload(client, png(100))).status).toBe(200);
      accepted += 1;
    }
    expect(accepted).toBe(max);
    const fresh = clients[clients.length - 1]!; // an account with none of its own uploads yet
    const over = await upload(fresh, png(100));
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 'rate_limited_error' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedRows(t)).toHaveLength(max);
    // Another address is not affected; the same one again after the day.
    expect((await upload(await from('198.51.100.1'), png(100))).status).toBe(200);
    t.clock.advance(DAY_MS);
    expect((await upload(fresh, png(100))).status).toBe(200);
  });
});

describe('before the address is confirmed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it(`takes ${UNCONFIRMED_UPLOADS_PER_DAY} uploads a day, then 429; confirmed, the full allowance`, async () => {
    const { client, user } = await signedInUser(t, { confirmed: false });
    for (let i = 0; i < UNCONFIRMED_UPLOADS_PER_DAY; i += 1)
      expect((await upload(client, png(1000))).status).toBe(200);
    const over = await upload(client, png(1000));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited_error' });
    expect(await storedRows(t)).toHaveLength(UNCONFIRMED_UPLOADS_PER_DAY);
    await t.db.update(users).set({ confirmedAt: t.clock.now() }).where(eq(users.id, user.id));
    expect((await upload(client, png(1000))).status).toBe(200);
  });

  it(`takes ${UNCONFIRMED_UPLOAD_BYTES_PER_DAY / MB} MB a day, then 429 and nothing stored`, async () => {
    const { client } = await signedInUser(t, { confirmed: false });
    const part = Math.floor(UNCONFIRMED_UPLOAD_BYTES_PER_DAY / 2);
    expect((await upload(client, png(part))).status).toBe(200);
    expect((await upload(client, png(part))).status).toBe(200); // exactly the allowance
    const over = await upload(client, png(1));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited_error' });
    const rows = await storedRows(t);
    expect(rows).toHaveLength(2);
    t.clock.advance(DAY_MS);
    expect((await upload(client, png(1))).status).toBe(200);
  });
});

describe('the storage budget (UPLOAD_BUDGET_MB)', () => {
  const budget = 2.5 * MB;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { uploadBudgetBytes: budget } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('stores files up to the budget, all users together; past it 507 unknown_server_error saying so, nothing stored', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    expect((await upload(first.client, png(MB))).status).toBe(200);
    const accepted = await upload(second.client, png(MB));
    expect(accepted.status).toBe(200);
    for (const client of [first.client, second.client]) {
      const full = await upload(client, png(MB));
      expect(full.status).toBe(507);
      expect(full.body).toEqual({ code: 'unknown_server_error', message: 'upload storage budget reached' });
    }
    const rows = await storedRows(t);
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(budget);
    // What is left still fits; freed space (an orphan swept) is usable again.
    expect((await upload(first.client, png(MB / 4))).status).toBe(200);
    const name = v.parse(UploadAnswerWire, accepted.body).results.url.split('/').pop() ?? '';
    expect(await uploadStoreFor(t.config).get(name)).not.toBeNull();
  });

  it('never lets the stored total pass the budget when many upload at once (a burst may be refused whole)', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t)));
    const answers = await Promise.all(users.map(({ client }) => upload(client, png(MB))));
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(answers.every((answer) => answer.status === 200 || answer.status === 507)).toBe(true);
    expect(accepted).toBeLessThanOrEqual(2);
    const rows = await storedRows(t);
    expect(rows).toHaveLength(accepted);
    expect(rows.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(budget);
  });
});

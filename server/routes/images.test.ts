import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ImageRecordAnswerWire,
  UploadAnswerWire,
  UploadSignatureAnswerWire,
} from '../../api/contract/images';
import { PROFILE_IMAGE_MAX_BYTES } from '../../api/contract/limits';
import { API_PATHS, apiPath } from '../../api/contract/paths';
import { images, uploads } from '../db/schema';
import { keyRingOf } from '../security/serverKey';
import { signedInUser } from '../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';
import { startOrphanSweep, sweepOrphanUploads } from '../uploadSweep';
import { UPLOAD_SIGNATURE_TTL_MS, UPLOADS_PER_USER_PER_DAY, uploadStoreFor } from '../uploads';

const SIGNATURE = API_PATHS.getUploadSignature.path;
const UPLOAD = API_PATHS.uploadImage.path;
const IMAGES = API_PATHS.createImageRecord.path;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const signature = async (client: TestClient, body: Record<string, unknown> = {}) => {
  const response = await client.post(SIGNATURE, { type: 'profile', template: 'profile-file', ...body });
  expect(response.status).toBe(200);
  return v.parse(UploadSignatureAnswerWire, response.body);
};

const form = (signed: { params: string; signature: string }, file?: Blob) => {
  const data = new FormData();
  data.set('params', signed.params);
  data.set('signature', signed.signature);
  if (file) data.set('file', file, 'me.png');
  return data;
};

const upload = (client: TestClient, body: FormData) => client.request('POST', UPLOAD, { body });

const uploaded = async (client: TestClient) => {
  const response = await upload(
    client,
    form(await signature(client), new Blob([PNG], { type: 'image/png' })),
  );
  expect(response.status).toBe(200);
  return v.parse(UploadAnswerWire, response.body);
};

describe('POST /api/transloadit-signature-authentication', () => {
  it('answers params with an expiry, the template and the user, signed with HMAC-SHA256', async () => {
    const { user, client } = await signedInUser(t);
    const signed = await signature(client);
    const params = JSON.parse(signed.params);
    expect(params).toEqual({
      auth: {
        key: 'account-site',
        expires: new Date(t.clock.now().getTime() + UPLOAD_SIGNATURE_TTL_MS).toISOString(),
      },
      template_id: 'profile-file',
      fields: { user_id: user.id, nonce: expect.stringMatching(/^[a-f0-9]{32}$/) },
    });
    // Two signatures asked for in the same instant differ (each uploads once).
    expect((await signature(client)).signature).not.toBe(signed.signature);
    const expected = createHmac('sha256', keyRingOf(t.config).current.uploadSignatures)
      .update(signed.params)
      .digest('hex');
    expect(signed.signature).toBe(`sha256:${expected}`);
  });

  it('signs a link import (template profile with url); other schemes are refused', async () => {
    const { client } = await signedInUser(t);
    const signed = await signature(client, { template: 'profile', url: 'https://example.com/me.png' });
    expect(JSON.parse(signed.params).fields.url).toBe('https://example.com/me.png');
    const bad = await client.post(SIGNATURE, {
      type: 'profile',
      template: 'profile',
      url: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
  });

  it('answers a FieldValidationError for another type or template, and 401 without a session', async () => {
    const { client } = await signedInUser(t);
    const wrongType = await client.post(SIGNATURE, { type: 'cover', template: 'profile-file' });
    expect(wrongType.body).toMatchObject({ name: 'FieldValidationError', errors: [{ path: 'type' }] });
    const wrongTemplate = await client.post(SIGNATURE, { type: 'profile', template: 'video' });
    expect(wrongTemplate.body).toMatchObject({ errors: [{ path: 'template' }] });
    expect((await t.client().post(SIGNATURE, { type: 'profile', template: 'profile-file' })).status).toBe(
      401,
    );
  });
});

describe('POST /api/uploads', () => {
  it('stores a signed image and answers an assembly result whose url serves the file', async () => {
    const { user, client } = await signedInUser(t);
    const result = await uploaded(client);
    expect(result.ok).toBe('ASSEMBLY_COMPLETED');
    expect(result.assembly_id).toMatch(/^[a-f0-9]{32}$/);
    expect(result.results.url).toBe(`http://localhost/api/uploads/${result.assembly_id}.png`);
    const [row] = await t.db.select().from(uploads);
    expect(row).toMatchObject({
      userId: user.id,
      mime: 'image/png',
      size: PNG.byteLength,
      template: 'profile-file',
    });

    const served = await t.app.request(new URL(result.results.url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("is bound to the signature's user: no session, another user's session, or a second use is refused", async () => {
    const { client } = await signedInUser(t);
    const signed = await signature(client);
    const file = () => new Blob([PNG], { type: 'image/png' });
    expect((await upload(t.client(), form(signed, file()))).status).toBe(401);
    const { client: other } = await signedInUser(t);
    const foreign = await upload(other, form(signed, file()));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ message: 'signature of another user' });
    expect((await upload(client, form(signed, file()))).status).toBe(200);
    const again = await upload(client, form(signed, file()));
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ message: 'signature already used' });
    expect(await t.db.select().from(uploads)).toHaveLength(1);
  });

  it('uses a signature once even when it is sent many times at once', async () => {
    const { client } = await signedInUser(t);
    const signed = await signature(client);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => upload(client, form(signed, new Blob([PNG], { type: 'image/png' })))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await t.db.select().from(uploads)).toHaveLength(1);
  });

  it(`takes ${UPLOADS_PER_USER_PER_DAY} uploads a day per user, then refuses until the day has passed`, async () => {
    const { client } = await signedInUser(t);
    for (let i = 0; i < UPLOADS_PER_USER_PER_DAY; i += 1) await uploaded(client);
    const over = await upload(client, form(await signature(client), new Blob([PNG], { type: 'image/png' })));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited_error' });
    expect(await t.db.select().from(uploads)).toHaveLength(UPLOADS_PER_USER_PER_DAY);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    await uploaded(client);
  });

  it('removes uploads never turned into an image record after a day, files included, on a sweep tick without any new upload; recorded ones stay', async () => {
    const { client } = await signedInUser(t);
    const orphan = await uploaded(client);
    const kept = await uploaded(client);
    expect(
      (await client.post(IMAGES, { assembly_id: kept.assembly_id, url: kept.results.url, type: 'profile' }))
        .status,
    ).toBe(201);
    const file = (answer: { results: { url: string } }) => new URL(answer.results.url).pathname;
    expect(await sweepOrphanUploads(t.deps)).toBe(0); // not a day old yet
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect((await t.app.request(file(orphan))).status).toBe(200); // nothing happens until the tick
    expect(await sweepOrphanUploads(t.deps)).toBe(1);
    const left = (await t.db.select().from(uploads)).map((row) => row.assemblyId);
    expect(left).not.toContain(orphan.assembly_id);
    expect(left).toContain(kept.assembly_id);
    expect(await uploadStoreFor(t.config).get(file(orphan).split('/').pop() ?? '')).toBeNull();
    expect((await t.app.request(file(orphan))).status).toBe(404);
    expect((await t.app.request(file(kept))).status).toBe(200);
  });

  it("sweeps on an unref'd timer, with no upload and no call to drive it", async () => {
    const { client } = await signedInUser(t);
    const orphan = await uploaded(client);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    const timer = startOrphanSweep(t.deps, 20);
    expect(timer.hasRef()).toBe(false);
    try {
      const deadline = Date.now() + 5000;
      while ((await t.db.select().from(uploads)).length > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      clearInterval(timer);
    }
    expect(await t.db.select().from(uploads)).toHaveLength(0);
    expect((await t.app.request(new URL(orphan.results.url).pathname)).status).toBe(404);
  });

  it('refuses a wrong signature, tampered params and an expired signature with forbidden_error', async () => {
    const { client } = await signedInUser(t);
    const signed = await signature(client);
    const file = () => new Blob([PNG], { type: 'image/png' });
    const wrong = await upload(client, form({ ...signed, signature: 'sha256:00' }, file()));
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'forbidden_error', message: 'invalid signature' });
    const tampered = signed.params.replace('"user_id":', '"user_id":9');
    expect((await upload(client, form({ ...signed, params: tampered }, file()))).status).toBe(403);
    t.clock.advance(UPLOAD_SIGNATURE_TTL_MS + 1);
    const expired = await upload(client, form(signed, file()));
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ code: 'forbidden_error', message: 'signature expired' });
    expect(await t.db.select().from(uploads)).toHaveLength(0);
  });

  it('refuses a file that is not an image by its content, whatever it claims', async () => {
    const { client } = await signedInUser(t);
    const html = new Blob(['<script>alert(1)</script>'], { type: 'image/png' });
    const response = await upload(client, form(await signature(client), html));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      name: 'FieldValidationError',
      errors: [{ code: 'any.invalid', message: 'any.invalid', path: 'file' }],
    });
    const claimsPdf = new Blob([PNG], { type: 'application/pdf' });
    expect((await upload(client, form(await signature(client), claimsPdf))).status).toBe(400);
  });

  it(`refuses a file over ${PROFILE_IMAGE_MAX_BYTES} bytes with 413`, async () => {
    const { client } = await signedInUser(t);
    const big = new Uint8Array(PROFILE_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const response = await upload(
      client,
      form(await signature(client), new Blob([big], { type: 'image/png' })),
    );
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ errors: [{ code: 'string.max', path: 'file' }] });
  });

  it('needs a file for profile-file; a profile link import answers the link', async () => {
    const { client } = await signedInUser(t);
    const noFile = await upload(client, form(await signature(client)));
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ errors: [{ code: 'any.required', path: 'file' }] });
    const link = await signature(client, { template: 'profile', url: 'https://example.com/me.png' });
    const imported = await upload(client, form(link));
    expect(imported.status).toBe(200);
    expect(v.parse(UploadAnswerWire, imported.body).results.url).toBe('https://example.com/me.png');
  });

  it('answers a FieldValidationError for a body that is not a multipart form, or misses fields', async () => {
    const { client } = await signedInUser(t);
    const json = await client.post(UPLOAD, { params: '{}', signature: 'x' });
    expect(json.status).toBe(400);
    const empty = await upload(client, new FormData());
    expect(empty.body).toMatchObject({
      errors: [
        { code: 'any.required', path: 'params' },
        { code: 'any.required', path: 'signature' },
      ],
    });
  });

  it('GET of an unknown file answers 404', async () => {
    const response = await t.app.request(`${UPLOAD}/${'0'.repeat(32)}.png`);
    expect(response.status).toBe(404);
    expect((await t.app.request(`${UPLOAD}/..%2Fsecret`)).status).toBe(404);
    expect((await t.app.request(`${UPLOAD}/a%00.png`)).status).toBe(404);
  });
});

describe('POST /api/images', () => {
  it('records an upload of the user and answers its id and url', async () => {
    const { user, client } = await signedInUser(t);
    const result = await uploaded(client);
    const response = await client.post(IMAGES, {
      assembly_id: result.assembly_id,
      url: result.results.url,
      type: 'profile',
    });
    expect(response.status).toBe(201);
    const answer = v.parse(ImageRecordAnswerWire, response.body);
    expect(answer.url).toBe(result.results.url);
    const [image] = await t.db.select().from(images);
    expect(image).toMatchObject({ id: answer.id, userId: user.id, type: 'profile', mime: 'image/png' });
    // The record can become the profile picture (PUT /api/me checks ownership).
    const me = await client.get<{ image: unknown }>(API_PATHS.getMe.path);
    expect(me.status).toBe(200);
  });

  it('refuses an upload of someone else, an unknown assembly and another type', async () => {
    const owner = await signedInUser(t);
    const result = await uploaded(owner.client);
    const { client } = await signedInUser(t);
    const others = await client.post(IMAGES, {
      assembly_id: result.assembly_id,
      url: result.results.url,
      type: 'profile',
    });
    expect(others.status).toBe(400);
    expect(others.body).toMatchObject({ errors: [{ path: 'assembly_id' }] });
    const unknown = await client.post(IMAGES, {
      assembly_id: 'nope',
      url: 'https://x.test/a.png',
      type: 'profile',
    });
    expect(unknown.status).toBe(400);
    const cover = await client.post(IMAGES, {
      assembly_id: 'nope',
      url: 'https://x.test/a.png',
      type: 'cover',
    });
    expect(cover.body).toMatchObject({ errors: [{ path: 'type' }] });
    expect((await t.client().post(IMAGES, { assembly_id: 'a', url: 'b', type: 'profile' })).status).toBe(401);
  });
});

describe('DELETE /api/images/:id', () => {
  it('deletes the user’s image record and its file', async () => {
    const { client } = await signedInUser(t);
    const result = await uploaded(client);
    const created = await client.post<{ id: number }>(IMAGES, {
      assembly_id: result.assembly_id,
      url: result.results.url,
      type: 'profile',
    });
    const response = await client.delete(apiPath('deleteImage', { id: String(created.body.id) }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await t.db.select().from(images)).toHaveLength(0);
    expect((await t.app.request(new URL(result.results.url).pathname)).status).toBe(404);
  });

  it('leaves other users’ images alone (and says nothing about them)', async () => {
    const owner = await signedInUser(t);
    const result = await uploaded(owner.client);
    const created = await owner.client.post<{ id: number }>(IMAGES, {
      assembly_id: result.assembly_id,
      url: result.results.url,
      type: 'profile',
    });
    const { client } = await signedInUser(t);
    const response = await client.delete(apiPath('deleteImage', { id: String(created.body.id) }));
    expect(response.status).toBe(200);
    expect(await t.db.select().from(images)).toHaveLength(1);
  });

  it('answers a FieldValidationError for an id that is not one, and 401 without a session', async () => {
    const { client } = await signedInUser(t);
    for (const id of ['abc', '0', '-1', '1e3', '2147483648', '99999999999999999999']) {
      const response = await client.delete(apiPath('deleteImage', { id }));
      expect(response.status, id).toBe(400);
      expect(response.body).toMatchObject({ errors: [{ path: 'id' }] });
    }
    expect((await t.client().delete(apiPath('deleteImage', { id: '1' }))).status).toBe(401);
  });
});

describe('with Transloadit keys configured', () => {
  let transloadit: TestApp;
  beforeAll(async () => {
    transloadit = await createTestApp({ config: { transloadit: { key: 'tl-key', secret: 'tl-secret' } } });
  });
  afterAll(() => transloadit.close());

  it('signs for Transloadit: its key, HMAC-SHA384 with its secret, sha384: prefix', async () => {
    const { client } = await signedInUser(transloadit);
    const signed = await signature(client);
    expect(JSON.parse(signed.params).auth.key).toBe('tl-key');
    const expected = createHmac('sha384', 'tl-secret').update(signed.params).digest('hex');
    expect(signed.signature).toBe(`sha384:${expected}`);
    // Such a signature is for Transloadit, not for this server's upload endpoint.
    const refused = await upload(client, form(signed, new Blob([PNG], { type: 'image/png' })));
    expect(refused.status).toBe(403);
  });

  it('records the assembly result Transloadit gave the site (web links only)', async () => {
    const { client } = await signedInUser(transloadit);
    const url = 'https://tl.example.com/results/me.png';
    const response = await client.post(IMAGES, { assembly_id: 'tl-assembly', url, type: 'profile' });
    expect(response.status).toBe(201);
    expect(v.parse(ImageRecordAnswerWire, response.body).url).toBe(url);
    const bad = await client.post(IMAGES, {
      assembly_id: 'tl-assembly',
      url: 'data:text/html,x',
      type: 'profile',
    });
    expect(bad.status).toBe(400);
  });
});

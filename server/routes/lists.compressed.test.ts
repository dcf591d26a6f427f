/**
 * Lists go out compressed when the client accepts it (docs/security.md 'Compressed answers'): a user with many
 * channels gets the same JSON in a fraction of the bytes; a client that does not ask gets plain JSON.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { addChannelRole, createChannel, createOrganisation, signedInUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const rawGet = (path: string, cookie: string, acceptEncoding?: string) =>
  t.app.request(path, {
    headers: { cookie, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

const cookieOf = (client: { cookies: Map<string, string> }) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe('compressed list answers', () => {
  it('sends GET /api/channels in brotli or gzip as the client accepts, the same JSON as plain', async () => {
    const { user, client } = await signedInUser(t);
    const acme = await createOrganisation(t.db, { name: 'Acme', subdomain: 'acme' });
    for (let i = 0; i < 60; i++) {
      const channel = await createChannel(t.db, { organisationId: acme.id, name: `Channel number ${i}` });
      await addChannelRole(t.db, user.id, channel.id, 'reader');
    }
    const cookie = cookieOf(client);

    const plain = await rawGet(API_PATHS.getChannels.path, cookie);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainText = await plain.text();

    const brotli = await rawGet(API_PATHS.getChannels.path, cookie, 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    const brotliBytes = Buffer.from(await brotli.arrayBuffer());
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(plainText);
    expect(brotliBytes.length).toBeLessThan(plainText.length / 4);

    const zipped = await rawGet(API_PATHS.getChannels.path, cookie, 'gzip;q=1, br;q=0');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(plainText);
  });

  it('leaves a small answer as it is (below the 1 KB threshold)', async () => {
    const { client } = await signedInUser(t);
    const answer = await rawGet(API_PATHS.getOrganisations.path, cookieOf(client), 'gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBeNull();
  });

  it('never compresses the two-factor secret (it holds a secret: BREACH)', async () => {
    const { client } = await signedInUser(t);
    const answer = await rawGet(API_PATHS.getTwoFactorSecret.path, cookieOf(client), 'gzip');
    expect(answer.headers.get('content-encoding')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { DEFAULT_LOCKOUT } from '../../server/config';
import { apiClient, expectOk } from './api';
import { rehearsal, siteUrl } from './support';

/**
 * Two instances of the server on one Postgres (README 'Operating it': several instances), each called directly, as
 * the balancer would pass a request on: a session made on A is ended by a sign-out on B and refused at A's next
 * request; wrong passwords sent to A and B in turn lock the account at the count one instance alone would; an upload
 * signed on A is sent to B, recorded on A and served by both. Every call comes from 127.0.0.2, a loopback address of
 * its own, so the per-address counts are this file's alone and the same on both instances.
 */
const FROM = '127.0.0.2';
const on = (instance: 'A' | 'B') => {
  const [a, b] = rehearsal().instances;
  return apiClient(siteUrl(), { instance: { url: instance === 'A' ? a : b, from: FROM } });
};
/** A second client on the other instance holding the same session cookie (one browser, balanced elsewhere). */
const sameBrowserOn = (instance: 'A' | 'B', from: ReturnType<typeof apiClient>) => {
  const client = on(instance);
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
};

const PASSWORD = 'two-instances-password-1';
/** Signs a person up through the balancer; the account is all the journey needs. */
const signUp = async (name: string) => {
  const email = `${name}@two-instances.rehearsal.test`;
  expectOk(
    await apiClient(siteUrl()).post(API_PATHS.registerCurator.path, {
      email,
      pwd: PASSWORD,
      screenName: `Two ${name}`,
      channelName: `Two ${name} Desk`,
      subdomain: `two${name}`,
    }),
    `${name}’s sign-up`,
  );
  return email;
};

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('two instances on one Postgres', () => {
  it('a session made on A and signed out on B is refused at A’s next request', async () => {
    const email = await signUp('session');
    const onA = on('A');
    expectOk(await onA.post(API_PATHS.login.path, { email, pwd: PASSWORD }), 'the sign-in on A');
    expect((await onA.get(API_PATHS.getMe.path)).status).toBe(200);
    const onB = sameBrowserOn('B', onA);
    expect((await onB.get(API_PATHS.getMe.path)).status).toBe(200);
    expectOk(await onB.post(API_PATHS.logout.path), 'the sign-out on B');
    // onA still sends the cookie B's sign-out cleared in its own jar: A must find the session gone.
    expect((await onA.get(API_PATHS.getMe.path)).status).toBe(401);
  });

  it('counts wrong passwords sent to A and B in turn as one account’s: the lockout comes at the usual count', async () => {
    const email = await signUp('lockout');
    const allowance = DEFAULT_LOCKOUT.maxFailuresPerAddress;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < allowance; attempt += 1) {
      const answer = await on(attempt % 2 === 0 ? 'A' : 'B').post(API_PATHS.login.path, {
        email,
        pwd: `wrong password ${attempt}`,
      });
      statuses.push(answer.status);
    }
    // Each instance saw half the allowance: counted apart, neither would have locked.
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    for (const instance of ['A', 'B'] as const) {
      const right = await on(instance).post(API_PATHS.login.path, { email, pwd: PASSWORD });
      expect(right.status, instance).toBe(423);
    }
  });

  it('an upload signed on A is stored through B, recorded on A and served by both', async () => {
    const email = await signUp('upload');
    const onA = on('A');
    expectOk(await onA.post(API_PATHS.login.path, { email, pwd: PASSWORD }), 'the sign-in on A');
    const signed = expectOk(
      await onA.post<{ params: string; signature: string }>(API_PATHS.getUploadSignature.path, {
        type: 'profile',
        template: 'profile-file',
      }),
      'the signature from A',
    );
    const form = new FormData();
    form.set('params', signed.params);
    form.set('signature', signed.signature);
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const uploaded = expectOk(
      await sameBrowserOn('B', onA).postForm<{ assembly_id: string; results: { url: string } }>(
        API_PATHS.uploadImage.path,
        form,
      ),
      'the upload to B',
    );
    const record = expectOk(
      await onA.post<{ id: number; url: string }>(API_PATHS.createImageRecord.path, {
        assembly_id: uploaded.assembly_id,
        url: uploaded.results.url,
        type: 'profile',
      }),
      'the image record on A',
    );
    expect(new URL(record.url).origin).toBe(new URL(siteUrl()).origin);
    for (const instance of ['A', 'B'] as const) {
      const file = await on(instance).get(new URL(record.url).pathname);
      expect(file.status, instance).toBe(200);
      expect(file.bytes.equals(PNG), instance).toBe(true);
    }
  });
});

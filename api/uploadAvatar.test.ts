/**
 * uploadAvatar (spec 7 Upload signature, Upload, Image record) in both modes: this server's endpoint, and
 * Transloadit when the server signs for it. The fake answers our own calls; Transloadit is stood in for here.
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupFakeApi } from '../test/fakeApi';
import { login } from './auth';
import { TRANSLOADIT_ASSEMBLIES_URL } from './contract';
import { onCredentialRefused } from './credentialRefusals';
import { ACCOUNTS, DEMO_PASSWORD } from './fake/scenarios';
import { uploadAvatar } from './images';

const fakeApi = setupFakeApi();
const png = () => new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });

describe('uploadAvatar', () => {
  it('sends the file to Transloadit when the signed params are its own, waits for the assembly, records the result', async () => {
    await login({ email: ACCOUNTS.user, password: DEMO_PASSWORD });
    const statusUrl = 'https://api2-eu.transloadit.com/assemblies/a1';
    const sent: Record<string, FormDataEntryValue | null> = {};
    let polls = 0;
    fakeApi.use(
      http.post('*/api/transloadit-signature-authentication', () =>
        HttpResponse.json({ params: JSON.stringify({ auth: { key: 'tl-key' } }), signature: 'sha384:abc' }),
      ),
      http.post(TRANSLOADIT_ASSEMBLIES_URL, async ({ request }) => {
        const form = await request.formData();
        for (const name of ['params', 'signature', 'file']) sent[name] = form.get(name);
        return HttpResponse.json({
          ok: 'ASSEMBLY_EXECUTING',
          assembly_id: 'a1',
          assembly_ssl_url: statusUrl,
        });
      }),
      http.get(statusUrl, () => {
        polls += 1;
        return HttpResponse.json({
          ok: 'ASSEMBLY_COMPLETED',
          assembly_id: 'a1',
          assembly_ssl_url: statusUrl,
          results: { resized: [{ ssl_url: 'https://tl-cdn.example/a1/portrait.png' }] },
        });
      }),
    );
    const progress: number[] = [];
    const image = await uploadAvatar({
      source: { template: 'profile-file', file: png() },
      onProgress: (p) => progress.push(p),
    });
    expect(sent.params).toBe(JSON.stringify({ auth: { key: 'tl-key' } }));
    expect(sent.signature).toBe('sha384:abc');
    expect(sent.file).toBeInstanceOf(Blob);
    expect(polls).toBe(1);
    expect(image.url).toBe('https://tl-cdn.example/a1/portrait.png');
    expect(progress.at(-1)).toBe(100);
  });

  it('reads a refusal of this server’s endpoint like any call: a file too large is string.max on file', async () => {
    await login({ email: ACCOUNTS.user, password: DEMO_PASSWORD });
    fakeApi.use(
      http.post('*/api/uploads', () =>
        HttpResponse.json(
          {
            name: 'FieldValidationError',
            errors: [{ code: 'string.max', message: 'string.max', path: 'file' }],
          },
          { status: 413 },
        ),
      ),
    );
    const failure = await uploadAvatar({
      source: { template: 'profile-file', file: png() },
      onProgress: () => {},
    }).then(
      () => undefined,
      (error: { failure?: unknown }) => error.failure,
    );
    expect(failure).toMatchObject({ fieldErrors: [{ field: 'file', code: 'string.max' }] });
  });

  it('tells a refused session to who listens, as the calls through ky do (the upload goes around ky)', async () => {
    await login({ email: ACCOUNTS.user, password: DEMO_PASSWORD });
    fakeApi.use(
      http.post('*/api/uploads', () =>
        HttpResponse.json({ messageCode: 'credentials_unknown' }, { status: 401 }),
      ),
    );
    const heard = vi.fn();
    const stop = onCredentialRefused(heard);
    await expect(
      uploadAvatar({ source: { template: 'profile-file', file: png() }, onProgress: () => {} }),
    ).rejects.toMatchObject({ failure: { code: 'unknown_credential_error' } });
    stop();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

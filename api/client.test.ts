import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkResetToken, login } from './auth';
import { apiBaseUrl, callApi, setApiClient } from './client';
import {
  API_TIMEOUT_MS,
  emptyLinks,
  TRANSLATION_TIMEOUT_MS,
  toUserProfileWire,
  type UserProfile,
} from './contract';
import { onCredentialRefused } from './credentialRefusals';
import { ApiError } from './errors';
import { deleteImage, uploadImage } from './images';
import { getChannels } from './lists';
import { getMe } from './profile';
import { checkInvite } from './registration';
import { hangUntilAborted, json, stubFetch, TEST_API_BASE } from './test/stubFetch';
import { getTranslation } from './translation';

afterEach(() => {
  setApiClient(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('API base', () => {
  const href = 'https://account.example.com/root/me?x=1';

  it('is the current origin in production and the organisation path in development', () => {
    expect(apiBaseUrl({ dev: false, href })).toBe('https://account.example.com');
    expect(apiBaseUrl({ dev: true, href })).toBe('https://account.example.com/organisation');
  });

  it('follows VITE_API_BASE, absolute or relative to the page', () => {
    expect(apiBaseUrl({ dev: true, href, baseOverride: 'http://localhost:8787/' })).toBe(
      'http://localhost:8787',
    );
    expect(apiBaseUrl({ dev: false, href, baseOverride: '/backend' })).toBe(
      'https://account.example.com/backend',
    );
  });

  it('builds absolute request URLs from the page location by default', async () => {
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request);
      return json(200, { ok: true });
    });
    await callApi('logout');
    // vitest runs with import.meta.env.DEV: the development base.
    expect(requests[0]?.url).toBe(`${location.origin}/organisation/api/logout`);
  });
});

describe('api client', () => {
  it('tells the credential refusals to who listens, and no other failure', async () => {
    const heard = vi.fn();
    const stop = onCredentialRefused(heard);
    const answers = [
      json(401, { messageCode: 'credentials_unknown' }),
      json(400, { messageCode: 'otp_unknown' }),
    ];
    stubFetch(() => answers.shift()!);
    await expect(getMe()).rejects.toMatchObject({ failure: { code: 'unknown_credential_error' } });
    expect(heard).toHaveBeenCalledTimes(1);
    await expect(getMe()).rejects.toBeInstanceOf(ApiError);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sends credentials with every call, GET and POST alike', async () => {
    const stub = stubFetch(() => json(200, { redirectUrl: null }));
    await login({ email: 'ann@example.com', password: 'secret' });
    await callApi('getChannels', {}).catch(() => undefined);
    expect(stub.requests.map((request) => request.credentials)).toEqual(['include', 'include']);
  });

  it('sends domain input under wire names to the contract path', async () => {
    const stub = stubFetch(() => json(200, { redirectUrl: '/next' }));
    await expect(login({ email: 'ann@example.com', password: 'secret', otpCode: '123456' })).resolves.toEqual(
      {
        redirectUrl: '/next',
      },
    );
    expect(stub.requests[0]?.method).toBe('POST');
    expect(stub.requests[0]?.url).toBe(`${TEST_API_BASE}/api/login`);
    expect(await stub.jsonOf(0)).toEqual({ email: 'ann@example.com', pwd: 'secret', otp: '123456' });
  });

  it('maps the answer to domain names (username, twoFactorEnebled)', async () => {
    const profile: UserProfile = {
      id: '1',
      screenName: 'Ann',
      email: 'ann@example.com',
      phone: '',
      position: '',
      department: '',
      bio: '',
      location: { text: '', city: '', state: '', country: '' },
      image: null,
      imageId: null,
      links: emptyLinks(),
      isStaff: false,
      isReader: true,
      accountConfirmationPending: true,
      twoFactorEnabled: true,
    };
    stubFetch(() => json(200, toUserProfileWire(profile)));
    await expect(getMe()).resolves.toEqual(profile);
  });

  it('turns ISO dates of the lists into Date objects', async () => {
    stubFetch(() =>
      json(200, [
        {
          id: 3,
          name: 'News',
          subdomain: 'news',
          role: 'editor',
          ownerName: 'Ann',
          organisationName: 'Acme',
          created: '2024-05-06T07:08:09.000Z',
          updated: null,
          archived: true,
          url: 'https://news-acme.example.com',
        },
      ]),
    );
    const [channel] = await getChannels();
    expect(channel?.id).toBe('3');
    expect(channel?.created).toEqual(new Date('2024-05-06T07:08:09.000Z'));
    expect(channel?.updated).toEqual(channel?.created);
    expect(channel?.archived).toBe(true);
  });

  it('fills path parameters and sends multipart uploads', async () => {
    const stub = stubFetch((request) =>
      request.method === 'DELETE'
        ? json(200, { ok: true })
        : json(200, {
            assembly_id: 'a1',
            ok: 'ASSEMBLY_COMPLETED',
            results: { url: 'https://img.test/a1.png' },
          }),
    );
    await deleteImage({ id: '7' });
    expect(stub.requests[0]?.url).toBe(`${TEST_API_BASE}/api/images/7`);
    const file = new Blob(['png'], { type: 'image/png' });
    await expect(uploadImage({ params: 'p', signature: 's', file })).resolves.toEqual({
      assemblyId: 'a1',
      url: 'https://img.test/a1.png',
    });
    expect(stub.requests[1]?.headers.get('content-type')).toMatch(/^multipart\/form-data/);
  });

  it('asks for translations with the locale in the query', async () => {
    const stub = stubFetch(() => json(200, { hello: 'Hallo', greet: ['Hallo ', ['name']] }));
    await expect(getTranslation({ locale: 'de-DE' })).resolves.toEqual({
      hello: 'Hallo',
      greet: ['Hallo ', ['name']],
    });
    expect(new URL(stub.requests[0]?.url ?? '').searchParams.get('locale')).toBe('de-DE');
  });

  it('times the translation call out after 3000 ms as unknown_server_error', async () => {
    vi.useFakeTimers();
    stubFetch(hangUntilAborted);
    const outcome = rejection(getTranslation('de-DE'));
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(TRANSLATION_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure.code).toBe('unknown_server_error');
  });

  it('times other calls out after the default time-out', async () => {
    vi.useFakeTimers();
    stubFetch(hangUntilAborted);
    const outcome = rejection(getMe());
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await outcome) as ApiError).failure.code).toBe('unknown_server_error');
  });

  it('rejects empty tokens before any call, and an invite answer without data as an invalid token', async () => {
    const stub = stubFetch(() => json(200, { data: null }));
    expect(((await rejection(checkResetToken({ token: ' ' }))) as ApiError).failure.code).toBe(
      'forgot_password_token_invalid_error',
    );
    expect(stub.requests).toHaveLength(0);
    expect(((await rejection(checkInvite({ token: 'abc' }))) as ApiError).failure.code).toBe(
      'invite_token_invalid_error',
    );
    expect(stub.requests).toHaveLength(1);
  });
});

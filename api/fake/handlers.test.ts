/** The handler table itself: every call answered behind any base, delays, validation bodies, persistence. */
import { getResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupFakeApi } from '../../test/fakeApi';
import { API_PATHS, type ApiCall, apiPath, type CatalogSource, FIELD_VALIDATION_ERROR } from '../contract';
import { createHandlers, defaultDelay, FAKE_DELAY_MS, noDelay, randomDelay } from './handlers';
import { ACCOUNTS, DEMO_PASSWORD } from './scenarios';
import { createFakeStore, STORAGE_KEY } from './store';

setupFakeApi();

/** These tests call no translation: handlers built here answer it with no texts. */
const noCatalogs: CatalogSource = async () => ({});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

const CALLS = Object.keys(API_PATHS) as ApiCall[];
const urlOf = (base: string, call: ApiCall) => `${base}${apiPath(call, { id: '1', subdomain: 'lit' })}`;

describe('every call of API_PATHS', () => {
  // The development base, the production base, and another host: `*/api/...` matches behind any prefix.
  it.each([
    `${location.origin}/organisation`,
    location.origin,
    'https://account.example.org',
  ])('is answered by the fake behind %s', async (base) => {
    for (const call of CALLS) {
      // An unhandled request would reject (setupFakeApi: onUnhandledRequest 'error').
      const response = await fetch(urlOf(base, call), { method: API_PATHS[call].method });
      expect(response.headers.get('content-type'), call).toContain('application/json');
      expect(response.status, call).toBeLessThan(500);
    }
  });
});

describe('delays (spec 1: 100-2000 ms, none in tests)', () => {
  it('waits for the injected delay before every answer', async () => {
    const delay = vi.fn(noDelay);
    const handlers = createHandlers({ delay, store: createFakeStore(), catalogs: noCatalogs });
    await getResponse(handlers, new Request(urlOf(location.origin, 'getMe')));
    expect(delay).toHaveBeenCalledOnce();
  });

  it('has no delay by default under vitest', () => {
    expect(import.meta.env.MODE).toBe('test');
    expect(defaultDelay()).toBe(noDelay);
  });

  it.each([
    [0, FAKE_DELAY_MS.min],
    [0.999_999, FAKE_DELAY_MS.max],
  ])('waits between 100 and 2000 ms in the browser (random %d)', async (random, expected) => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(random);
    let done = false;
    void randomDelay()().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(expected - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('request validation (spec 8 FieldValidationError)', () => {
  it('answers an invalid body with the FieldValidationError shape and never echoes the password', async () => {
    const response = await fetch(urlOf(location.origin, 'login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', pwd: 'super-secret-password' }),
    });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      name: FIELD_VALIDATION_ERROR,
      errors: [{ code: 'string.email', message: 'string.email', path: 'email' }],
    });
    expect(body).not.toContain('super-secret-password');
  });

  it('answers a body that is not JSON as a missing body', async () => {
    const response = await fetch(urlOf(location.origin, 'forgotPassword'), { method: 'POST', body: '{oops' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ name: FIELD_VALIDATION_ERROR });
  });
});

describe('the browser store', () => {
  const loginRequest = () =>
    new Request(urlOf(location.origin, 'login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ACCOUNTS.user, pwd: DEMO_PASSWORD }),
    });

  it('keeps the session across page loads (a login ends in a whole-page redirect)', async () => {
    const store = createFakeStore({ storage: localStorage });
    await getResponse(createHandlers({ delay: noDelay, store, catalogs: noCatalogs }), loginRequest());
    const afterReload = createFakeStore({ storage: localStorage });
    expect(afterReload.sessionUser()?.email).toBe(ACCOUNTS.user);
    afterReload.reset();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(createFakeStore({ storage: localStorage }).sessionUser()).toBeUndefined();
  });

  it('starts from the seed when the saved state is unreadable', () => {
    localStorage.setItem(STORAGE_KEY, '{broken');
    expect(createFakeStore({ storage: localStorage }).userByEmail(ACCOUNTS.user)).toBeDefined();
  });
});

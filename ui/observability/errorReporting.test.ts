import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The factory runs only when the module is really imported: `imported` proves the dynamic import happened.
const sentry = vi.hoisted(() => ({
  imported: vi.fn(),
  init: vi.fn(),
  captureException: vi.fn(),
  captureMessage: vi.fn(),
}));
vi.mock('@sentry/browser', () => {
  sentry.imported();
  return {
    init: sentry.init,
    captureException: sentry.captureException,
    captureMessage: sentry.captureMessage,
  };
});

// Fresh module state (and a fresh mock registry) per test.
async function load() {
  return import('./errorReporting');
}

beforeEach(() => {
  vi.resetModules();
  for (const spy of Object.values(sentry)) spy.mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('initErrorReporting', () => {
  it('does nothing without a DSN: Sentry is never imported and reports are dropped', async () => {
    const { initErrorReporting, reportFailure } = await load();
    await initErrorReporting({ dsn: undefined, environment: 'production' });
    await initErrorReporting({ dsn: '', environment: 'production' });
    reportFailure('unknown_server_error', { call: 'getMe' });
    expect(sentry.imported).not.toHaveBeenCalled();
    expect(sentry.init).not.toHaveBeenCalled();
    expect(sentry.captureMessage).not.toHaveBeenCalled();
  });

  it('with a DSN imports Sentry lazily and initialises it once', async () => {
    const { initErrorReporting } = await load();
    const first = initErrorReporting({
      dsn: 'https://key@example.ingest.sentry.io/1',
      environment: 'staging',
    });
    const second = initErrorReporting({
      dsn: 'https://key@example.ingest.sentry.io/1',
      environment: 'staging',
    });
    await Promise.all([first, second]);
    expect(sentry.imported).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith({
      dsn: 'https://key@example.ingest.sentry.io/1',
      environment: 'staging',
    });
  });

  it('holds an uncaught error raised while Sentry loads and sends it afterwards', async () => {
    const { initErrorReporting } = await load();
    const ready = initErrorReporting({
      dsn: 'https://key@example.ingest.sentry.io/1',
      environment: 'production',
    });
    const boom = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error: boom, message: 'boom' }));
    expect(sentry.captureException).not.toHaveBeenCalled();
    await ready;
    expect(sentry.captureException).toHaveBeenCalledWith(boom);
  });
});

describe('reportFailure', () => {
  it('sends unknown_server_error with its context and code tag', async () => {
    const { initErrorReporting, reportFailure } = await load();
    await initErrorReporting({ dsn: 'https://key@example.ingest.sentry.io/1', environment: 'production' });
    reportFailure('unknown_server_error', { call: 'getChannels', status: 502 });
    expect(sentry.captureMessage).toHaveBeenCalledWith('API failure: unknown_server_error', {
      level: 'error',
      tags: { errorCode: 'unknown_server_error' },
      extra: { call: 'getChannels', status: 502 },
    });
  });

  it('is a no-op for every expected failure code', async () => {
    const { initErrorReporting, reportFailure } = await load();
    await initErrorReporting({ dsn: 'https://key@example.ingest.sentry.io/1', environment: 'production' });
    reportFailure('unknown_credential_error', { call: 'login' });
    reportFailure('email_not_found_error');
    expect(sentry.captureMessage).not.toHaveBeenCalled();
  });

  it('queues a failure reported while Sentry is still loading', async () => {
    const { initErrorReporting, reportFailure } = await load();
    const ready = initErrorReporting({
      dsn: 'https://key@example.ingest.sentry.io/1',
      environment: 'production',
    });
    reportFailure('unknown_server_error', { call: 'getMe' });
    await ready;
    expect(sentry.captureMessage).toHaveBeenCalledTimes(1);
  });
});

/** The local flag (spec 1): MSW starts only when VITE_FAKE_API is 'true', with the worker under the site's base. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogSource } from '../contract';

const start = vi.fn(async () => undefined);
const setupWorker = vi.fn((..._handlers: unknown[]) => ({ start }));
vi.mock('msw/browser', () => ({ setupWorker }));

const noCatalogs: CatalogSource = async () => ({});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.clearAllMocks();
});

describe('enableFakeApiIfRequested', () => {
  it('does nothing without the flag', async () => {
    const { enableFakeApiIfRequested } = await import('./enable');
    await enableFakeApiIfRequested(noCatalogs);
    expect(setupWorker).not.toHaveBeenCalled();
  });

  it("starts the worker with every handler when VITE_FAKE_API is 'true'", async () => {
    vi.stubEnv('VITE_FAKE_API', 'true');
    const { enableFakeApiIfRequested } = await import('./enable');
    await enableFakeApiIfRequested(noCatalogs);
    expect(setupWorker.mock.calls[0]?.length).toBeGreaterThan(20);
    expect(start).toHaveBeenCalledWith({
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
      onUnhandledRequest: 'bypass',
    });
  });
});

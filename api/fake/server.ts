/**
 * The fake service for vitest: the same handlers as `npm run dev:fake`, served by msw/node with no delay, so
 * screen and api tests talk to the fake through the real client (ky -> fetch -> MSW).
 *
 *   import { setupFakeApi } from '../api/fake/server';
 *   const fakeApi = setupFakeApi(); // in a test file, at the top level
 *   fakeApi.use(http.get('*\/api/me', () => ...)); // a one-test override, undone after the test
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createHandlers, noDelay } from './handlers';
import { resetFakeStore } from './store';

export { resetFakeStore };

/** One server per test file (vitest isolates files); it answers from the shared fake store. */
export const fakeServer = setupServer(...createHandlers({ delay: noDelay }));

/**
 * Starts the fake for the calling test file: listening before the first test, the seed restored (logged out)
 * before each, one-test overrides dropped after each, stopped after the last. A request no handler knows fails
 * the test, so a wrong path cannot pass silently.
 */
export const setupFakeApi = () => {
  beforeAll(() => fakeServer.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => resetFakeStore());
  afterEach(() => fakeServer.resetHandlers());
  afterAll(() => fakeServer.close());
  return fakeServer;
};

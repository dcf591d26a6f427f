/**
 * The fake service for vitest: the same handlers as `npm run dev:fake`, served by msw/node with no delay and the
 * site's bundled catalogs for the translation call, so screen and api tests talk to the fake through the real
 * client (ky -> fetch -> MSW). Here in test/, not in api/fake/, because it wires the fake to the site's catalogs,
 * which the fake itself does not import (ARCHITECTURE.md 2).
 *
 *   import { setupFakeApi } from '../test/fakeApi';
 *   const fakeApi = setupFakeApi(); // in a test file, at the top level
 *   fakeApi.use(http.get('*\/api/me', () => ...)); // a one-test override, undone after the test
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { CatalogSource } from '../api/contract';
import { createHandlers, noDelay } from '../api/fake/handlers';
import { resetFakeStore } from '../api/fake/store';
import { loadBundledCatalog } from '../i18n/i18n';

/** What the fake's translation call answers under test: the catalogs the site bundles. */
export const fakeCatalogs: CatalogSource = loadBundledCatalog;

/** One server per test file (vitest isolates files); it answers from the shared fake store. */
export const fakeServer = setupServer(...createHandlers({ delay: noDelay, catalogs: fakeCatalogs }));

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

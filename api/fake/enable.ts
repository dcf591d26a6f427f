/**
 * Turns the development fake service on (spec 1: enabled by a local flag). `npm run dev:fake` and
 * `npm run build:fake` run Vite in mode 'fake', which reads `.env.fake` (VITE_FAKE_API=true). Everything is
 * imported dynamically behind the flag, so MSW and the fake never reach a production first load.
 *
 * main.tsx awaits this before the first render, so the first call of the app is already answered by the fake, and
 * hands it the site's bundled catalogs for the translation call (the fake imports nothing of the site).
 */
import type { CatalogSource } from '../contract';

export async function enableFakeApiIfRequested(catalogs: CatalogSource): Promise<void> {
  if (import.meta.env.VITE_FAKE_API !== 'true') return;
  const [{ setupWorker }, { createHandlers }, { createFakeStore }] = await Promise.all([
    import('msw/browser'),
    import('./handlers'),
    import('./store'),
  ]);
  // Kept in localStorage: a login ends in a whole-page redirect, which would otherwise reset the fake.
  const store = createFakeStore({ storage: window.localStorage });
  const worker = setupWorker(...createHandlers({ store, catalogs }));
  await worker.start({
    // The worker file is served only in fake mode (vite.config.ts publicDir), under the site's base (/root/).
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
  });
  // From the browser console: fakeApi.reset() restores the scenario accounts and logs out.
  Object.assign(globalThis, { fakeApi: { reset: () => store.reset() } });
}

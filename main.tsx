import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { chosenThemeOf } from './api/contract/theme';
import { enableFakeApiIfRequested } from './api/fake/enable';
import { linkManifest } from './api/manifestLink';
import { nextTask } from './api/nextTask';
import { readPageCatalogue } from './api/pageCatalogue';
import { takePagePosted } from './api/pagePosted';
import { takePageProfile } from './api/pageProfile';
import { activateLocale, loadBundledCatalog } from './i18n/i18n';
import { AppRoot } from './routes/appRoot';
import { type AppRouter, createAppRouter } from './routes/router';
import { initErrorReporting, readObservabilityConfig } from './ui/observability';
import { showTheme } from './ui/theme/themeChoice';
import './ui/styles/index.css';

// The server's page comes with the chosen colour scheme on it already (server/sitePage.ts); the development
// server's does not.
showTheme(document, chosenThemeOf(document.cookie));

// Before the first render, so that a failure while starting up is reported too. Off without a DSN.
const observability = readObservabilityConfig();
void initErrorReporting({ dsn: observability.sentryDsn, environment: observability.environment });

// The development fake service (spec 1, `npm run dev:fake`) must answer the app's very first call, so the app
// renders only once it runs. Without the flag this resolves at once and MSW is never loaded.
void enableFakeApiIfRequested(loadBundledCatalog).then(async () => {
  // The app's start in several short tasks (docs/decisions/operations.md: First screen from the server: /me's takeover): each step runs much code for the
  // first time, which the browser compiles then; that, more than the step's own work, makes a step long. This
  // first one is not the task that evaluated the modules.
  await nextTask();
  const container = document.getElementById('root')!;
  const page = readPageCatalogue();
  // A page answering its own form post (server/routes/formPosts.ts): its form starts from the server's answer.
  const posted = { form: takePagePosted() };
  // A drawn page arrives inert (server/sitePage.ts), but for one whose form the server answers: usable once the app
  // runs it (what was typed into a live one before then, each field hands to the app: ui/components/TextField.tsx).
  const live = () => {
    container.removeAttribute('inert');
    // The app runs the page now (test/e2e/support.ts appIsLive reads it: a live drawn form need not be the app's).
    container.dataset.app = '';
  };
  // The answer belongs to the screen the server drew: the first move to another page ends it, so a form met later
  // starts empty. Not at `live`: React hydrates the drawn page's Suspense parts after the top has committed, and
  // the form inside must still read the answer then.
  const forgetPostedOnMove = (router: AppRouter) => {
    const stop = router.subscribe('onBeforeNavigate', (event) => {
      if (!event.fromLocation || !event.pathChanged) return;
      posted.form = undefined;
      stop();
    });
  };
  if (!container.hasChildNodes() || !page) {
    // No first screen, or one without its catalogue (then the app draws the page itself, replacing it).
    const router = createAppRouter({ posted });
    forgetPostedOnMove(router);
    createRoot(container).render(<AppRoot router={router} onLive={live} />);
    linkManifest();
    return;
  }
  // The server drew the first screen into the page (routes/firstScreen.tsx): the app takes it over as it is, in
  // the page's language and with the page's screen loaded, so the first render is the very same tree.
  // /me drawn for a signed-in visitor comes with the profile it was drawn with (api/pageProfile.ts).
  const fromPage = takePageProfile();
  const locale = activateLocale(page.locale, page.texts);
  await nextTask();
  const router = createAppRouter({ locale: page.locale, visit: fromPage ? { fromPage } : {}, posted });
  forgetPostedOnMove(router);
  // What TanStack's own hydration sets: the router then renders its matches without the extra Suspense boundary
  // it adds around a purely client-side app, so the tree is the one the server drew.
  router.ssr = { manifest: undefined };
  await nextTask();
  await Promise.all([locale, router.load()]);
  await nextTask();
  // As a transition, so React takes the page over in slices of a few milliseconds with the browser free between
  // them, not in one long task that a tap on the drawn page would wait behind (docs/benchmarks.md: /me).
  startTransition(() => {
    hydrateRoot(container, <AppRoot router={router} onLive={live} />);
  });
  linkManifest();
});

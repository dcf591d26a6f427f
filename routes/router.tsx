import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import type { Locale } from '../api/contract/limits';
import type { PostedForm } from '../api/contract/postedForm';
import { RouteError, RoutePending } from './boundaries';
import type { VisitProfile } from './guards';
import { parsePlainSearch, stringifyPlainSearch } from './search/searchParams';
import { browserSiteEnv, type SiteEnv } from './site/siteEnv';
import { routeTree } from './tree';

/** How long a page may take before the loader shows, and how long a shown loader stays at least. */
export const PENDING_LOADER_AFTER_MS = 300;
export const PENDING_LOADER_AT_LEAST_MS = 400;

export interface AppRouterOptions {
  /** Browser history by default; tests pass createMemoryHistory. */
  history?: RouterHistory;
  /** Where the site runs; the browser's environment by default. */
  site?: SiteEnv;
  /**
   * The locale the page's first screen is in (the one the server detected and put into the page,
   * api/pageCatalogue.ts); the browser's languages decide when absent.
   */
  locale?: Locale;
  /** Rendering the first screen on the server (routes/firstScreen.tsx): no scroll-restoration script. */
  onServer?: boolean;
  /**
   * What the page came with about its signed-in visitor (/me drawn by the server: routes/guards.ts VisitProfile);
   * nothing by default.
   */
  visit?: Omit<VisitProfile, 'profile'>;
  /** What the server made of the page's own form post (api/contract/postedForm.ts); a box main.tsx empties. */
  posted?: { form?: PostedForm };
}

/**
 * The app's router: the tree of spec 2 mounted at the site's base path ('/root/' in development, '/' in
 * production), plain-string search parameters, and the shared error, pending and not-found views.
 */
export function createAppRouter({
  history,
  site = browserSiteEnv(),
  locale,
  onServer = false,
  visit,
  posted = {},
}: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    history: history ?? createBrowserHistory(),
    basepath: site.basePath,
    // One per router (per page load): the /me guard keeps the profile of the current visit here.
    context: { site, visit: { ...visit, profile: null }, locale, posted },
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: RoutePending,
    // A guard or a lazy screen that takes longer than a moment shows the loader (a blank page reads as broken);
    // a fast one shows nothing, and a shown loader stays long enough not to flash.
    defaultPendingMs: PENDING_LOADER_AFTER_MS,
    defaultPendingMinMs: PENDING_LOADER_AT_LEAST_MS,
    // On the server TanStack would write an inline script for it, which the CSP refuses (and the browser's router
    // restores scrolling itself).
    scrollRestoration: !onServer,
    isServer: onServer,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

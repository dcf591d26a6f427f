import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError, RoutePending } from './boundaries';
import { parsePlainSearch, stringifyPlainSearch } from './searchParams';
import { browserSiteEnv, type SiteEnv } from './siteEnv';
import { routeTree } from './tree';

/** How long a page may take before the loader shows, and how long a shown loader stays at least. */
export const PENDING_LOADER_AFTER_MS = 300;
export const PENDING_LOADER_AT_LEAST_MS = 400;

export interface AppRouterOptions {
  /** Browser history by default; tests pass createMemoryHistory. */
  history?: RouterHistory;
  /** Where the site runs; the browser's environment by default. */
  site?: SiteEnv;
}

/**
 * The app's router: the tree of spec 2 mounted at the site's base path ('/root/' in development, '/' in
 * production), plain-string search parameters, and the shared error, pending and not-found views.
 */
export function createAppRouter({ history, site = browserSiteEnv() }: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    history: history ?? createBrowserHistory(),
    basepath: site.basePath,
    // One per router (per page load): the /me guard keeps the profile of the current visit here.
    context: { site, visit: { profile: null } },
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: RoutePending,
    // A guard or a lazy screen that takes longer than a moment shows the loader (a blank page reads as broken);
    // a fast one shows nothing, and a shown loader stays long enough not to flash.
    defaultPendingMs: PENDING_LOADER_AFTER_MS,
    defaultPendingMinMs: PENDING_LOADER_AT_LEAST_MS,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

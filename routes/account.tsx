import { createRoute, redirect } from '@tanstack/react-router';
import { logout } from '../api/auth';
import { StandaloneRouteError } from './boundaries';
import { guardMe } from './guards';
import { rootRoute } from './root';
import { MeSearch } from './search/search';

/** spec 2 Me page: 'Breadcrumb home link goes to /'. The site's home is the account page. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/me', replace: true });
  },
});

/**
 * spec 2 /me: the account centre, default landing after login; needs a session (routes/guards.ts). Its sections
 * are at addresses of their own (docs/decisions/product.md: /me sections): /me itself is the Profile (spec 2:
 * 'profile page'), /me/security and /me/lists its children; the page draws the frame, the section navigation and
 * the section the address names. Older addresses are sent on by the page (routes/mePages.lazy.tsx OldAddresses).
 */
export const meRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/me',
  validateSearch: MeSearch,
  beforeLoad: ({ location, search, context, cause }) => guardMe({ location, search, context, cause }),
  errorComponent: StandaloneRouteError,
}).lazy(() => import('./mePages.lazy').then((m) => m.mePage));

/** /me/security: sign-in methods, sessions, the danger zone. */
export const meSecurityRoute = createRoute({ getParentRoute: () => meRoute, path: 'security' });

/** /me/lists: organisations and channels, their place in the search (docs/decisions/product.md: Lists in the address). */
export const meListsRoute = createRoute({ getParentRoute: () => meRoute, path: 'lists' });

export const meRoutes = meRoute.addChildren([meSecurityRoute, meListsRoute]);

/**
 * spec 2 /logout: ends the session and goes to login. A failed call is ignored on purpose: the visitor asked to
 * leave, and the login page is the right place whether or not the server heard it.
 */
export const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/logout',
  beforeLoad: async () => {
    await logout().catch(() => undefined);
    throw redirect({ to: '/login', replace: true });
  },
});

import { createRoute, redirect } from '@tanstack/react-router';
import { logout } from '../api/auth';
import { StandaloneRouteError } from './boundaries';
import { guardMe } from './guards';
import { rootRoute } from './root';
import { MeSearch } from './search';

/** spec 2 Me page: 'Breadcrumb home link goes to /'. The site's home is the account page. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/me', replace: true });
  },
});

/** spec 2 /me: the profile page, default landing after login; needs a session (routes/guards.ts). */
export const meRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/me',
  validateSearch: MeSearch,
  beforeLoad: ({ location, search, context, cause }) => guardMe({ location, search, context, cause }),
  errorComponent: StandaloneRouteError,
}).lazy(() => import('./mePages.lazy').then((m) => m.mePage));

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

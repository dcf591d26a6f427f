import { msg } from '@lingui/core/macro';
import { createRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { logout } from '../api/auth';
import { Loader } from '../ui/components/Loader';
import { StandaloneRouteError } from './boundaries';
import { comingSoon } from './comingSoon';
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
  beforeLoad: ({ location, search, context }) => guardMe({ location, search, context }),
  errorComponent: StandaloneRouteError,
  component: MeRoute,
});

/** The account page itself: still a placeholder (the profile is a later issue). */
const MePage = comingSoon(msg`Your account`, { standalone: true });
/** The magic-link exchange: its own chunk, loaded only when a link brings a token. */
const MagicLinkRoute = lazy(() =>
  import('./magicLinkRoute').then((module) => ({ default: module.MagicLinkRoute })),
);

/**
 * spec 2 /me: with magicLinkToken, the link is exchanged first (guardMe lets such a visitor in without a
 * session); the exchange then reloads /me without the token. A visitor who already has a session exchanges too:
 * the link may be for another account, and following it means signing in as that account.
 */
function MeRoute() {
  const { magicLinkToken, redirect } = meRoute.useSearch();
  const { site } = meRoute.useRouteContext();
  if (!magicLinkToken) return <MePage />;
  return (
    <Suspense fallback={<Loader />}>
      <MagicLinkRoute token={magicLinkToken} redirect={redirect} site={site} />
    </Suspense>
  );
}

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

import { createRoute } from '@tanstack/react-router';
import { inLayout } from './landingLayout';
import { IdpErrorSearch } from './search/search';

/** spec 2 Identity-provider pages: a success and an error page per provider; their screens load lazily. */

export const azureSuccessRoute = createRoute({
  ...inLayout,
  path: '/auth/azure/success',
}).lazy(() => import('./idpPages.lazy').then((m) => m.azureSuccessPage));

export const azureErrorRoute = createRoute({
  ...inLayout,
  path: '/auth/azure/error',
  validateSearch: IdpErrorSearch,
}).lazy(() => import('./idpPages.lazy').then((m) => m.azureErrorPage));

export const oktaSuccessRoute = createRoute({
  ...inLayout,
  path: '/auth/okta/success',
}).lazy(() => import('./idpPages.lazy').then((m) => m.oktaSuccessPage));

export const oktaErrorRoute = createRoute({
  ...inLayout,
  path: '/auth/okta/error',
  validateSearch: IdpErrorSearch,
}).lazy(() => import('./idpPages.lazy').then((m) => m.oktaErrorPage));

export const idpRoutes = [azureSuccessRoute, azureErrorRoute, oktaSuccessRoute, oktaErrorRoute];

import { createRoute } from '@tanstack/react-router';
import { inLayout } from './landingLayout';
import { outsideLayout } from './outsideLayout';
import { TokenSearch } from './search/search';

/**
 * spec 2 Forgot password, Set new password: the route definitions; the screens load lazily from
 * routes/passwordPages.lazy.tsx (few visitors see them, and /login's first load must not carry them).
 *
 * spec 4 Forgot password: the e-mail survives a move between the two forgot-password pages and nothing else. So
 * each pair of pages (branded, no-brand) has a pathless parent route whose component owns the one actor: it
 * starts when the visitor enters the pair and stops when they leave it (routes/README.md: actors shared by
 * sibling pages).
 */

/** The branded pair, in the landing layout. */
export const forgotPasswordGroupRoute = createRoute({ ...inLayout, id: 'forgotPassword' }).lazy(() =>
  import('./passwordPages.lazy').then((m) => m.forgotPasswordGroup),
);

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => forgotPasswordGroupRoute,
  path: '/forgot_password',
}).lazy(() => import('./passwordPages.lazy').then((m) => m.forgotPasswordPage));

export const forgotPasswordMagicRoute = createRoute({
  getParentRoute: () => forgotPasswordGroupRoute,
  path: '/forgot_password_magic',
}).lazy(() => import('./passwordPages.lazy').then((m) => m.forgotPasswordMagicPage));

/** spec 2: the no-brand pair shows the same without branding, outside the landing layout. */
export const forgotPasswordNoBrandGroupRoute = createRoute({
  ...outsideLayout,
  id: 'forgotPasswordNoBrand',
}).lazy(() => import('./passwordPages.lazy').then((m) => m.forgotPasswordNoBrandGroup));

export const forgotPasswordNoBrandRoute = createRoute({
  getParentRoute: () => forgotPasswordNoBrandGroupRoute,
  path: '/auth/forgot_password/nobrand',
}).lazy(() => import('./passwordPages.lazy').then((m) => m.forgotPasswordNoBrandPage));

export const forgotPasswordMagicNoBrandRoute = createRoute({
  getParentRoute: () => forgotPasswordNoBrandGroupRoute,
  path: '/auth/forgot_password_magic/nobrand',
}).lazy(() => import('./passwordPages.lazy').then((m) => m.forgotPasswordMagicNoBrandPage));

/** spec 2 Set new password: /forgot_password_set?token= ; the token is checked on load. */
export const forgotPasswordSetRoute = createRoute({
  ...inLayout,
  path: '/forgot_password_set',
  validateSearch: TokenSearch,
}).lazy(() => import('./passwordPages.lazy').then((m) => m.setPasswordPage));

export const passwordRoutes = [
  forgotPasswordGroupRoute.addChildren([forgotPasswordRoute, forgotPasswordMagicRoute]),
  forgotPasswordSetRoute,
];

export const noBrandPasswordRoutes = forgotPasswordNoBrandGroupRoute.addChildren([
  forgotPasswordNoBrandRoute,
  forgotPasswordMagicNoBrandRoute,
]);

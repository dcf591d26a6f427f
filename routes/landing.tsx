import { msg } from '@lingui/core/macro';
import { createRoute, Outlet } from '@tanstack/react-router';
import { LandingLayout } from '../ui/components';
import { comingSoon } from './comingSoon';
import { guardLogin } from './guards';
import { rootRoute } from './root';
import { publicPath } from './safeRedirect';
import { IdpErrorSearch, LoginSearch, TokenSearch } from './search';

/** spec 2: the shared landing layout (logo header, centred card, footer) around the sign-in and sign-up flows. */
function LandingLayoutRoute() {
  const { site } = landingLayoutRoute.useRouteContext();
  return (
    <LandingLayout
      homeHref={site.basePath}
      footerLinks={{ privacy: publicPath('/privacy', site), terms: publicPath('/terms-of-service', site) }}
    >
      <Outlet />
    </LandingLayout>
  );
}

export const landingLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'landing',
  component: LandingLayoutRoute,
});

const inLayout = { getParentRoute: () => landingLayoutRoute } as const;

export const loginRoute = createRoute({
  ...inLayout,
  path: '/login',
  validateSearch: LoginSearch,
  beforeLoad: ({ search, context }) => guardLogin({ search, context }),
  component: comingSoon(msg`Log in`),
});

export const forgotPasswordRoute = createRoute({
  ...inLayout,
  path: '/forgot_password',
  component: comingSoon(msg`Forgot password`),
});

export const forgotPasswordMagicRoute = createRoute({
  ...inLayout,
  path: '/forgot_password_magic',
  component: comingSoon(msg`Log in with a magic link`),
});

export const forgotPasswordSetRoute = createRoute({
  ...inLayout,
  path: '/forgot_password_set',
  validateSearch: TokenSearch,
  component: comingSoon(msg`Set a new password`),
});

export const registerRoute = createRoute({
  ...inLayout,
  path: '/register',
  validateSearch: TokenSearch,
  component: comingSoon(msg`Sign up`),
});

export const startRoute = createRoute({
  ...inLayout,
  path: '/start',
  component: comingSoon(msg`Sign up with your company ID`),
});

export const confirmRoute = createRoute({
  ...inLayout,
  path: '/confirm',
  validateSearch: TokenSearch,
  component: comingSoon(msg`Confirm your e-mail address`),
});

export const azureSuccessRoute = createRoute({
  ...inLayout,
  path: '/auth/azure/success',
  component: comingSoon(msg`Signed in with Azure`),
});

export const azureErrorRoute = createRoute({
  ...inLayout,
  path: '/auth/azure/error',
  validateSearch: IdpErrorSearch,
  component: comingSoon(msg`Azure sign-in failed`),
});

export const oktaSuccessRoute = createRoute({
  ...inLayout,
  path: '/auth/okta/success',
  component: comingSoon(msg`Signed in with Okta`),
});

export const oktaErrorRoute = createRoute({
  ...inLayout,
  path: '/auth/okta/error',
  validateSearch: IdpErrorSearch,
  component: comingSoon(msg`Okta sign-in failed`),
});

export const landingRoutes = landingLayoutRoute.addChildren([
  loginRoute,
  forgotPasswordRoute,
  forgotPasswordMagicRoute,
  forgotPasswordSetRoute,
  registerRoute,
  startRoute,
  confirmRoute,
  azureSuccessRoute,
  azureErrorRoute,
  oktaSuccessRoute,
  oktaErrorRoute,
]);

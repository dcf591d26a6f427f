import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { StandaloneRouteError } from './boundaries';
import { comingSoon } from './comingSoon';
import { rootRoute } from './root';

/** spec 2: routes outside the landing layout, each with its own frame. */
const outsideLayout = { getParentRoute: () => rootRoute, errorComponent: StandaloneRouteError } as const;

export const forgotPasswordNoBrandRoute = createRoute({
  ...outsideLayout,
  path: '/auth/forgot_password/nobrand',
  component: lazyRouteComponent(() => import('./passwordRoutes'), 'ForgotPasswordNoBrandRoute'),
});

export const forgotPasswordMagicNoBrandRoute = createRoute({
  ...outsideLayout,
  path: '/auth/forgot_password_magic/nobrand',
  component: lazyRouteComponent(() => import('./passwordRoutes'), 'ForgotPasswordMagicNoBrandRoute'),
});

/** spec 2: company-branded start page of lit. */
export const litRoute = createRoute({
  ...outsideLayout,
  path: '/lit',
  component: comingSoon(msg`Sign up with LIT`, { standalone: true }),
});

/** spec 2: company-branded start page of unicef_for_every_child. */
export const unicefRoute = createRoute({
  ...outsideLayout,
  path: '/unicef',
  component: comingSoon(msg`Sign up with UNICEF for every child`, { standalone: true }),
});

export const privacyRoute = createRoute({
  ...outsideLayout,
  path: '/privacy',
  component: lazyRouteComponent(() => import('./legalPages'), 'PrivacyRoute'),
});

export const termsRoute = createRoute({
  ...outsideLayout,
  path: '/terms-of-service',
  component: lazyRouteComponent(() => import('./legalPages'), 'TermsRoute'),
});

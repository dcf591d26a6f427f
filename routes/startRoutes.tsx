import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { comingSoon } from './comingSoon';
import { inLayout } from './landingLayout';
import { outsideLayout } from './outsideLayout';

/** spec 2 Start: sign-up with a company id, in the landing layout; its screen loads lazily (startPages.lazy.tsx). */
export const startRoute = createRoute({
  ...inLayout,
  path: '/start',
}).lazy(() => import('./startPages.lazy').then((m) => m.startPage));

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

export const companyStartRoutes = [litRoute, unicefRoute];

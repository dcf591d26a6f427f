import { createRoute } from '@tanstack/react-router';
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
}).lazy(() => import('./startPages.lazy').then((m) => m.litPage));

/** spec 2: company-branded start page of unicef_for_every_child. */
export const unicefRoute = createRoute({
  ...outsideLayout,
  path: '/unicef',
}).lazy(() => import('./startPages.lazy').then((m) => m.unicefPage));

export const companyStartRoutes = [litRoute, unicefRoute];

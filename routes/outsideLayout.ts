import { StandaloneRouteError } from './boundaries';
import { rootRoute } from './root';

/** Spread into a route's options for a page outside the landing layout: it brings its own frame (spec 2). */
export const outsideLayout = {
  getParentRoute: () => rootRoute,
  errorComponent: StandaloneRouteError,
} as const;

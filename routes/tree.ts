import { indexRoute, logoutRoute, meRoute } from './account';
import { landingRoutes } from './landing';
import { rootRoute } from './root';
import {
  forgotPasswordMagicNoBrandRoute,
  forgotPasswordNoBrandRoute,
  litRoute,
  privacyRoute,
  termsRoute,
  unicefRoute,
} from './standalone';

/** Every route of spec 2, code-based (no file-route generator). */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  meRoute,
  logoutRoute,
  landingRoutes,
  forgotPasswordNoBrandRoute,
  forgotPasswordMagicNoBrandRoute,
  litRoute,
  unicefRoute,
  privacyRoute,
  termsRoute,
]);

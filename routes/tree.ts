import { indexRoute, logoutRoute, meRoutes } from './account';
import { confirmRoute } from './confirmRoutes';
import { emailChangeRoutes } from './emailChangeRoutes';
import { flowsRoutes } from './flowsRoutes';
import { idpRoutes } from './idpRoutes';
import { landingLayoutRoute } from './landingLayout';
import { legalRoutes } from './legalRoutes';
import { loginRoute } from './loginRoutes';
import { noBrandPasswordRoutes, passwordRoutes } from './passwordRoutes';
import { registerRoute } from './registerRoutes';
import { rootRoute } from './root';
import { FLOWS_ENABLED } from './site/flowsEnabled';
import { companyStartRoutes, startRoute } from './startRoutes';

/** Every route of spec 2, code-based (no file-route generator): one file per group, see routes/README.md. */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  meRoutes,
  logoutRoute,
  landingLayoutRoute.addChildren([
    loginRoute,
    ...passwordRoutes,
    registerRoute,
    startRoute,
    confirmRoute,
    ...emailChangeRoutes,
    ...idpRoutes,
  ]),
  noBrandPasswordRoutes,
  ...companyStartRoutes,
  ...legalRoutes,
  // Development, fake-service and demo builds only: a production build drops the explorer (routes/site/flowsEnabled.ts).
  ...(FLOWS_ENABLED ? flowsRoutes() : []),
]);

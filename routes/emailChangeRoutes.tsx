import { createRoute } from '@tanstack/react-router';
import { inLayout } from './landingLayout';
import { TokenSearch } from './search/search';

/**
 * docs/decisions/security.md: Changing the e-mail address: the pages the mailed links open; their screens load lazily
 * (routes/emailChangePages.lazy.tsx).
 */
export const confirmEmailChangeRoute = createRoute({
  ...inLayout,
  path: '/confirm_email_change',
  validateSearch: TokenSearch,
}).lazy(() => import('./emailChangePages.lazy').then((m) => m.confirmEmailChangePage));

export const undoEmailChangeRoute = createRoute({
  ...inLayout,
  path: '/undo_email_change',
  validateSearch: TokenSearch,
}).lazy(() => import('./emailChangePages.lazy').then((m) => m.undoEmailChangePage));

export const emailChangeRoutes = [confirmEmailChangeRoute, undoEmailChangeRoute];

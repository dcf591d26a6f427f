import { createRoute } from '@tanstack/react-router';
import { inLayout } from './landingLayout';
import { TokenSearch } from './search/search';

/** spec 2 Confirm: /confirm?token= ; its screen loads lazily (routes/confirmPages.lazy.tsx). */
export const confirmRoute = createRoute({
  ...inLayout,
  path: '/confirm',
  validateSearch: TokenSearch,
}).lazy(() => import('./confirmPages.lazy').then((m) => m.confirmPage));

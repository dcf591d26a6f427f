import { createRoute } from '@tanstack/react-router';
import { inLayout } from './landingLayout';
import { TokenSearch } from './search/search';

/**
 * spec 2 Register: /register (as a channel curator) and /register?token= (by invitation); its screens load lazily
 * (routes/registerPages.lazy.tsx).
 */
export const registerRoute = createRoute({
  ...inLayout,
  path: '/register',
  validateSearch: TokenSearch,
}).lazy(() => import('./registerPages.lazy').then((m) => m.registerPage));

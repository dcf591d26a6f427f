import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { comingSoon } from './comingSoon';
import { inLayout } from './landingLayout';
import { TokenSearch } from './search';

/** spec 2 Register: /register (as a channel curator) and /register?token= (by invitation). */
export const registerRoute = createRoute({
  ...inLayout,
  path: '/register',
  validateSearch: TokenSearch,
  component: comingSoon(msg`Sign up`),
});

import { createRoute, Outlet } from '@tanstack/react-router';
import { LandingLayout } from '../ui/components';
import { rootRoute } from './root';
import { footerLinks } from './site/footerLinks';

/** spec 2: the shared landing layout (logo header, centred card, footer) around the sign-in and sign-up flows. */
function LandingLayoutRoute() {
  const { site } = landingLayoutRoute.useRouteContext();
  return (
    <LandingLayout homeHref={site.basePath} footerLinks={footerLinks(site)}>
      <Outlet />
    </LandingLayout>
  );
}

/** The pathless parent of every page in the landing layout (route ids start with '/landing'). */
export const landingLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'landing',
  component: LandingLayoutRoute,
});

/** Spread into a route's options to place it in the landing layout. */
export const inLayout = { getParentRoute: () => landingLayoutRoute } as const;

import { createRoute, Outlet, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LandingLayout } from '../ui/components';
import { footerLinks } from './footerLinks';
import { rootRoute } from './root';

/** spec 2: the shared landing layout (logo header, centred card, footer) around the sign-in and sign-up flows. */
function LandingLayoutRoute() {
  const { site } = landingLayoutRoute.useRouteContext();
  return (
    <LandingLayout homeHref={site.basePath} footerLinks={footerLinks(site)}>
      <Outlet />
    </LandingLayout>
  );
}

/**
 * The same frame for a page outside the landing layout's routes (the legal pages, the magic-link page): logo home
 * link, card and footer, so no page is a dead end.
 */
export function LandingFrame({ children, width }: { children: ReactNode; width?: 'narrow' | 'wide' }) {
  const { site } = useRouter().options.context;
  return (
    <LandingLayout homeHref={site.basePath} footerLinks={footerLinks(site)} width={width}>
      {children}
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

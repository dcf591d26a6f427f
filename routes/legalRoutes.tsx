import { createRoute } from '@tanstack/react-router';
import { outsideLayout } from './outsideLayout';

/** spec 2 Privacy, Terms of service: long texts few visitors open, outside the landing layout, loaded lazily. */

export const privacyRoute = createRoute({ ...outsideLayout, path: '/privacy' }).lazy(() =>
  import('./legalPages.lazy').then((m) => m.privacyPage),
);

export const termsRoute = createRoute({ ...outsideLayout, path: '/terms-of-service' }).lazy(() =>
  import('./legalPages.lazy').then((m) => m.termsPage),
);

export const legalRoutes = [privacyRoute, termsRoute];

import { createLazyRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../ui/pages/PrivacyPage';
import { TermsPage } from '../ui/pages/TermsPage';
import { LandingFrame } from './landingFrame';

/** The legal pages (routes/legalRoutes.tsx), in the landing frame: logo home link and footer, never a dead end. */
function PrivacyRoute() {
  return (
    <LandingFrame width="wide">
      <PrivacyPage />
    </LandingFrame>
  );
}

function TermsRoute() {
  return (
    <LandingFrame width="wide">
      <TermsPage />
    </LandingFrame>
  );
}

export const privacyPage = createLazyRoute('/privacy')({ component: PrivacyRoute });
export const termsPage = createLazyRoute('/terms-of-service')({ component: TermsRoute });

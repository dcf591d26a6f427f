import { createLazyRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../ui/pages/PrivacyPage';
import { StandalonePage } from '../ui/pages/StandalonePage';
import { TermsPage } from '../ui/pages/TermsPage';

/** The legal pages (routes/legalRoutes.tsx). */
function PrivacyRoute() {
  return (
    <StandalonePage width="wide">
      <PrivacyPage />
    </StandalonePage>
  );
}

function TermsRoute() {
  return (
    <StandalonePage width="wide">
      <TermsPage />
    </StandalonePage>
  );
}

export const privacyPage = createLazyRoute('/privacy')({ component: PrivacyRoute });
export const termsPage = createLazyRoute('/terms-of-service')({ component: TermsRoute });

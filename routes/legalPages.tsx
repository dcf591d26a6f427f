import { PrivacyPage } from '../ui/pages/PrivacyPage';
import { StandalonePage } from '../ui/pages/StandalonePage';
import { TermsPage } from '../ui/pages/TermsPage';

/** The legal pages are long texts few visitors open: they load in their own chunk (first-load budget). */
export function PrivacyRoute() {
  return (
    <StandalonePage width="wide">
      <PrivacyPage />
    </StandalonePage>
  );
}

export function TermsRoute() {
  return (
    <StandalonePage width="wide">
      <TermsPage />
    </StandalonePage>
  );
}

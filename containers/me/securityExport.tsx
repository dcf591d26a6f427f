import { useState } from 'react';
import type { UserProfile } from '../../api/contract/profile';
import { AccountExportIntro } from '../../ui/me/security/AccountExportPart';
import { reportFailure } from '../../ui/observability/errorReporting';

type PartModule = typeof import('./securityExport.lazy');

/**
 * /me's Your data part, beside the danger zone (docs/decisions/security.md: Your data to take away). Its machine is a
 * separate chunk loaded on the first click (the /me first-load budget, as containers/me/securityAccount.tsx); until
 * then the closed part stands alone.
 */
export function MeSecurityExport({ profile }: { profile: UserProfile }) {
  const [part, setPart] = useState<PartModule | null>(null);
  const [loading, setLoading] = useState(false);
  if (part) return <part.SecurityExportPartOpen profile={profile} />;
  const load = () => {
    setLoading(true);
    import('./securityExport.lazy')
      .then((module) => setPart(module))
      .catch((error: unknown) => {
        setLoading(false);
        reportFailure('unknown_server_error', { call: 'load the data export', error: String(error) });
      });
  };
  return <AccountExportIntro onStart={load} busy={loading} />;
}

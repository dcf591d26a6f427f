import { useEffect, useState } from 'react';
import type { UserProfile } from '../api/contract/profile';
import { reportFailure } from '../ui/observability/errorReporting';

type PasskeysModule = typeof import('./meSecurityPasskeys.lazy');

/**
 * /me's Passkeys part (docs/decisions.md: Passkeys). Its machines and screens are a separate chunk (the /me
 * first-load budget, scripts/size.ts), loaded when the Security section renders; @simplewebauthn/browser only
 * when a ceremony starts (api/passkeyCeremony.ts).
 */
export function MeSecurityPasskeys({ profile }: { profile: UserProfile }) {
  const [part, setPart] = useState<PasskeysModule | null>(null);
  useEffect(() => {
    let current = true;
    import('./meSecurityPasskeys.lazy')
      .then((module) => {
        if (current) setPart(module);
      })
      .catch((error: unknown) =>
        reportFailure('unknown_server_error', { call: 'load passkeys part', error: String(error) }),
      );
    return () => {
      current = false;
    };
  }, []);
  return part ? <part.PasskeysSection twoFactorEnabled={profile.twoFactorEnabled} /> : null;
}

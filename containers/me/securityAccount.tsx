import { useState } from 'react';
import type { UserProfile } from '../../api/contract/profile';
import { DeleteAccountIntro, EmailIntro, PasswordIntro } from '../../ui/me/security/SecurityIntros';
import { reportFailure } from '../../ui/observability/errorReporting';

type PartsModule = typeof import('./securityAccount.lazy');
export type SecurityAccountPart = 'password' | 'email' | 'delete';

/**
 * One of /me's Security parts for the password, the e-mail address and the account's deletion (docs/decisions/security.md:
 * Account-security centre). Their machines, forms and the strength bar are a separate chunk loaded on the first
 * click (the /me first-load budget, as containers/me/profile.tsx loads the profile editor); until then the closed parts
 * stand alone.
 */
export function MeSecurityAccount({
  part,
  profile,
  loginHref,
  onPasswordChanged,
}: {
  /** Which part this is: each is placed where the Security section puts it (ui/me/SecuritySection.tsx). */
  part: SecurityAccountPart;
  profile: UserProfile;
  loginHref: string;
  /** The password was changed here: every other session has ended (the sessions list is drawn afresh). */
  onPasswordChanged: () => void;
}) {
  const [parts, setParts] = useState<PartsModule | null>(null);
  const [loading, setLoading] = useState(false);
  if (parts)
    return (
      <parts.SecurityAccountPartOpen
        part={part}
        profile={profile}
        loginHref={loginHref}
        onPasswordChanged={onPasswordChanged}
      />
    );
  const load = () => {
    setLoading(true);
    import('./securityAccount.lazy')
      .then((module) => setParts(module))
      .catch((error: unknown) => {
        setLoading(false);
        reportFailure('unknown_server_error', { call: 'load security parts', error: String(error) });
      });
  };
  if (part === 'password') return <PasswordIntro onOpen={load} busy={loading} />;
  if (part === 'email') return <EmailIntro email={profile.email} onOpen={load} busy={loading} />;
  return <DeleteAccountIntro onOpen={load} busy={loading} />;
}

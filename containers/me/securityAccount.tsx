import { useState } from 'react';
import type { UserProfile } from '../../api/contract/profile';
import { DeleteAccountIntro, EmailIntro, PasswordIntro } from '../../ui/me/security/SecurityIntros';
import { reportFailure } from '../../ui/observability/errorReporting';

type PartsModule = typeof import('./securityAccount.lazy');
export type SecurityAccountPart = 'password' | 'email' | 'delete';

/**
 * /me's Security part for the password, the e-mail address and the account's deletion (docs/decisions/security.md:
 * Account-security centre). Their machines, forms and the strength bar are a separate chunk loaded on the first
 * click (the /me first-load budget, as containers/me/profile.tsx loads the profile editor); until then the closed parts
 * stand alone.
 */
export function MeSecurityAccount({
  profile,
  loginHref,
  onPasswordChanged,
}: {
  profile: UserProfile;
  loginHref: string;
  /** The password was changed here: every other session has ended (the sessions list is drawn afresh). */
  onPasswordChanged: () => void;
}) {
  const [parts, setParts] = useState<{ module: PartsModule; open: SecurityAccountPart } | null>(null);
  const [loading, setLoading] = useState<SecurityAccountPart | null>(null);
  if (parts)
    return (
      <parts.module.SecurityAccountParts
        profile={profile}
        loginHref={loginHref}
        open={parts.open}
        onPasswordChanged={onPasswordChanged}
      />
    );
  const load = (open: SecurityAccountPart) => () => {
    setLoading(open);
    import('./securityAccount.lazy')
      .then((module) => setParts({ module, open }))
      .catch((error: unknown) => {
        setLoading(null);
        reportFailure('unknown_server_error', { call: 'load security parts', error: String(error) });
      });
  };
  return (
    <>
      <PasswordIntro onOpen={load('password')} busy={loading === 'password'} />
      <EmailIntro email={profile.email} onOpen={load('email')} busy={loading === 'email'} />
      <DeleteAccountIntro onOpen={load('delete')} busy={loading === 'delete'} />
    </>
  );
}

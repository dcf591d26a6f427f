import type { UserProfile } from '../../api/contract/profile';
import { SecuritySection } from '../../ui/me/SecuritySection';
import { MeSecurityAccount } from './securityAccount';
import { MeSecurityActivity } from './securityActivity';
import { MeSecurityExport } from './securityExport';
import { MeSecurityPasskeys } from './securityPasskeys';
import { MeSecuritySessions } from './securitySessions';
import { MeTwoFactorPanel } from './twoFactor';

export interface MeSecurityProps {
  profile: UserProfile;
  /** Where the deletion sends the visitor once the account is gone. */
  loginHref: string;
  /** Effect: a password changed here signed every other place out. */
  onPasswordChanged: () => void;
  /** Bumped after a password change: the sessions list is drawn afresh. */
  sessionsGeneration: number;
  /** Where the activity's 'This wasn't me' leads: the recovery's start. */
  recoveryHref: string;
}

/**
 * spec 2 Me page, the Security section: mounts its parts, each the owner of its own actors (two-factor, password,
 * e-mail and deletion, passkeys, sessions), in the places the section's view gives them (ui/me/SecuritySection.tsx).
 */
export function MeSecurity({
  profile,
  loginHref,
  onPasswordChanged,
  sessionsGeneration,
  recoveryHref,
}: MeSecurityProps) {
  const account = { profile, loginHref, onPasswordChanged };
  return (
    <SecuritySection
      methods={
        <>
          <MeSecurityAccount part="password" {...account} />
          <MeTwoFactorPanel profile={profile} />
          <MeSecurityPasskeys profile={profile} />
        </>
      }
      email={<MeSecurityAccount part="email" {...account} />}
      sessions={<MeSecuritySessions profile={profile} generation={sessionsGeneration} />}
      activity={<MeSecurityActivity recoveryHref={recoveryHref} />}
      takeAway={<MeSecurityExport profile={profile} />}
      danger={<MeSecurityAccount part="delete" {...account} />}
    />
  );
}

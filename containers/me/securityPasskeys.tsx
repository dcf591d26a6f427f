import type { UserProfile } from '../../api/contract/profile';
import { LazyPart } from '../../ui/components/LazyPart';

const loadPasskeysPart = () => import('./securityPasskeys.lazy');

/**
 * /me's Passkeys part (docs/decisions/security.md: Passkeys). Its machines and screens are a separate chunk (the /me
 * first-load budget, scripts/size.ts), loaded at the first idle moment after the page came alive (below the first
 * screen, it need not share the takeover's busy moments); @simplewebauthn/browser only when a ceremony starts
 * (api/passkeyCeremony.ts). Nothing stands in its place meanwhile: the server draws /me without it.
 */
export function MeSecurityPasskeys({ profile }: { profile: UserProfile }) {
  return (
    <LazyPart load={loadPasskeysPart} what="passkeys part" whenIdle loading={null}>
      {(part) => <part.PasskeysSection twoFactorEnabled={profile.twoFactorEnabled} />}
    </LazyPart>
  );
}

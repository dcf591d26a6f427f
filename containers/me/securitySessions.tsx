import { useState } from 'react';
import type { UserProfile } from '../../api/contract/profile';
import { LazyPart } from '../../ui/components/LazyPart';

const loadSessionsPart = () => import('./securitySessions.lazy');

/**
 * The Security part's sessions and devices on /me, and beside them the remembered devices
 * (containers/me/securitySessions.lazy.tsx owns their actors). Their own
 * chunk (/me's first load has a budget, scripts/size.ts), loaded at the first idle moment after the page came
 * alive: the server draws /me's first screen in one synchronous pass without it, the browser's first render must
 * be the tree the server drew, and below the first screen it need not share the takeover's busy moments.
 */
export function MeSecuritySessions({ profile, generation }: { profile: UserProfile; generation: number }) {
  // A new generation (the password changed here, which signed every other place out) draws the list afresh; the
  // remembered devices also after 'Sign out all other devices', which forgot them all.
  const [devicesDrawn, drawDevicesAgain] = useState(0);
  return (
    <LazyPart load={loadSessionsPart} what="sessions part" whenIdle loading={null}>
      {(part) => (
        <>
          <part.SessionsSection
            key={generation}
            twoFactorEnabled={profile.twoFactorEnabled}
            onOthersSignedOut={() => drawDevicesAgain((drawn) => drawn + 1)}
          />
          {/* A password change here forgot every remembered device (docs/decisions/security.md: Remember this device). */}
          <part.RememberedDevicesSection key={`devices-${generation}-${devicesDrawn}`} />
        </>
      )}
    </LazyPart>
  );
}

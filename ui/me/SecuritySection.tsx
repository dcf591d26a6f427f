import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ME_SECTIONS, MeSection } from './MeSection';
import { TwoFactorPanel } from './TwoFactorPanel';
import type { TwoFactorPanelActorRef } from './twoFactorPanelTypes';

export interface SecuritySectionProps {
  /** The two-factor panel's actor (routes/meTwoFactor.tsx owns it). */
  twoFactor: TwoFactorPanelActorRef;
  /**
   * Further security parts (password, e-mail, sessions, account deletion...), each a component of its own, shown
   * after the two-factor panel in the order given. The section only places them.
   */
  children?: ReactNode;
}

/** spec 2 Me page, the Security section: the two-factor panel, then whatever security parts the page mounts. */
export function SecuritySection({ twoFactor, children }: SecuritySectionProps) {
  return (
    <MeSection id={ME_SECTIONS.security} heading={<Trans>Security</Trans>}>
      <TwoFactorPanel actorRef={twoFactor} />
      {children}
    </MeSection>
  );
}

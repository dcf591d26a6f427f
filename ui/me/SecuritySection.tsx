import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ME_SECTIONS, MeSection } from './MeSection';

export interface SecuritySectionProps {
  /** The section's parts (two-factor, password, e-mail, passkeys, sessions, deletion), each a component of its own. */
  children: ReactNode;
}

/** spec 2 Me page, the Security section: its heading, then the parts its container mounts (containers/me/security.tsx). */
export function SecuritySection({ children }: SecuritySectionProps) {
  return (
    <MeSection id={ME_SECTIONS.security} heading={<Trans>Security</Trans>}>
      {children}
    </MeSection>
  );
}

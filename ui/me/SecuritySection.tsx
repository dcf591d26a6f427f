import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { HeadingsAt } from '../components/headingLevel';
import { ME_SECTIONS, MeSection } from './MeSection';
import './security/security.css';

export interface SecuritySectionProps {
  /** The sign-in methods, one row each with its state and action: password, two-factor (app, recovery codes), passkeys. */
  methods: ReactNode;
  /** The e-mail address the account logs in with and is written to. */
  email: ReactNode;
  /** The sessions and devices signed in. */
  sessions: ReactNode;
  /** The account's recent sign-ins and security changes. */
  activity: ReactNode;
  /** The account's data to take away (a download behind a step-up), beside the danger zone. */
  takeAway: ReactNode;
  /** What cannot be undone (deleting the account): last, set apart. */
  danger: ReactNode;
}

/**
 * spec 2 Me page, the Security section (docs/decisions/product.md: /me sections): the sign-in methods as rows, the
 * e-mail address, the sessions, the recent activity, the data to take away beside the danger zone, and the danger zone last; its container (containers/me/security.tsx) mounts the parts.
 */
export function SecuritySection({
  methods,
  email,
  sessions,
  activity,
  takeAway,
  danger,
}: SecuritySectionProps) {
  return (
    <MeSection id={ME_SECTIONS.security} heading={<Trans>Security</Trans>}>
      <section aria-labelledby="security-methods-heading">
        <h3 id="security-methods-heading">
          <Trans>Sign-in methods</Trans>
        </h3>
        <div className="me-security-rows">
          <HeadingsAt level={4}>{methods}</HeadingsAt>
        </div>
      </section>
      <div className="me-security-rows">{email}</div>
      {sessions}
      {activity}
      <div className="me-security-rows">{takeAway}</div>
      <section
        className="ui-alert me-danger-zone"
        data-tone="error"
        aria-labelledby="security-danger-heading"
      >
        <h3 id="security-danger-heading">
          <Trans>Danger zone</Trans>
        </h3>
        <HeadingsAt level={4}>{danger}</HeadingsAt>
      </section>
    </MeSection>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { Refusal } from '../../machines/form/refusal';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import { useHeadingFocus } from '../form/useHeadingFocus';

/**
 * docs/decisions/security.md Company-id sign-up races: a registration for this employee waits at another address. Says
 * where (masked, from the refusal) and the way on: that mailbox's link if it is theirs, else the organisation's
 * admin or the site's contact address; another address or a start over from here. Both company-id sign-ups show it.
 */
export function PendingElsewhere({
  error,
  contactEmail,
  onBack,
  onStartOver,
}: {
  error: Refusal | undefined;
  contactEmail: string;
  onBack: () => void;
  onStartOver: () => void;
}) {
  usePageTitle(msg`A registration for you is waiting`);
  const { i18n } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef);
  return (
    <section className="form-frame">
      <h1 ref={headingRef} tabIndex={-1}>
        <Trans>A registration for you is waiting</Trans>
      </h1>
      {error ? <Alert tone="warning">{refusalText(i18n, error)}</Alert> : null}
      <p>
        <a href={`mailto:${contactEmail}`}>
          <Trans>Contact us at {contactEmail}</Trans>
        </a>
      </p>
      <div className="form-frame__after">
        <Button variant="link" onClick={onBack}>
          <Trans>Use another e-mail address</Trans>
        </Button>
        <Button variant="link" onClick={onStartOver}>
          <Trans>Start over</Trans>
        </Button>
      </div>
    </section>
  );
}

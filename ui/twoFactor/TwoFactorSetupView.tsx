import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { ERROR_MESSAGES } from '../../i18n/errorMessages';
import { Alert } from '../components/Alert';
import { CodeStep } from './CodeStep';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { SecretStep } from './SecretStep';
import type { TwoFactorSetupActorRef } from './types';
import './twoFactor.css';

export interface TwoFactorSetupViewProps {
  /** A running twoFactorSetupMachine (own actor, or the child a login or sign-up machine invoked). */
  actorRef: TwoFactorSetupActorRef;
}

/**
 * spec 2 Two-factor setup on screen: why (when the organisation enforces it), step 1 install the app, step 2
 * QR code or key, step 3 the code; then the recovery codes (docs/decisions.md: One-time and recovery codes); then a short confirmation until the
 * caller moves on with the machine's output.
 */
export function TwoFactorSetupView({ actorRef }: TwoFactorSetupViewProps) {
  const { t } = useLingui();
  const headingId = useId();
  const enforced = useSelector(actorRef, (s) => s.context.reason === 'enforced');
  const showingCodes = useSelector(actorRef, (s) => s.matches('showingRecoveryCodes'));
  const done = useSelector(actorRef, (s) => s.status === 'done');

  if (done)
    return (
      <Alert tone="success">
        <Trans>Two-factor authentication is set up.</Trans>
      </Alert>
    );
  if (showingCodes) return <RecoveryCodesPanel actorRef={actorRef} />;

  return (
    <section className="two-factor" aria-labelledby={headingId}>
      <h2 id={headingId} className="two-factor__title">
        <Trans>Set up two-factor authentication</Trans>
      </h2>
      {enforced ? <p>{t(ERROR_MESSAGES.two_factor_auth_is_not_setup_error)}</p> : null}
      <section className="two-factor__step">
        <h3>
          <Trans>Step 1: Install an authenticator app</Trans>
        </h3>
        <p>
          <Trans>Install Google Authenticator, or another authenticator app, on your phone.</Trans>
        </p>
      </section>
      <SecretStep actorRef={actorRef} />
      <CodeStep actorRef={actorRef} />
    </section>
  );
}

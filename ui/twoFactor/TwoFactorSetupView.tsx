import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId, useRef } from 'react';
import { type StepUpActorRef, stepUpChild } from '../../machines/stepUp/stepUpAround';
import { Alert } from '../components/Alert';
import { Heading, Subheadings, useHeadingLevel } from '../components/headingLevel';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import { useHeadingFocus } from '../form/useHeadingFocus';
import { CodeStep, type CodeSubmit } from './CodeStep';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { SecretStep } from './SecretStep';
import type { TwoFactorSetupActorRef } from './types';
import './twoFactor.css';

export interface TwoFactorSetupViewProps {
  /** A running twoFactorSetupMachine (own actor, or the child a login or sign-up machine invoked). */
  actorRef: TwoFactorSetupActorRef;
  /** Step 3's button when it is not VERIFY & SAVE (spec 2 Me page: 'Setup' asks first). */
  codeSubmit?: CodeSubmit;
  /**
   * 'Confirm it's you' in step 3's place while the setup's step-up child asks (only /me's verify is guarded, so
   * only /me passes it; the form goes back to the code by sending `stepUp.cancel` to the setup).
   */
  stepUpForm?: (stepUp: StepUpActorRef) => ReactNode;
}

/**
 * spec 2 Two-factor setup on screen: why (when the organisation enforces it), step 1 install the app, step 2
 * QR code or key, step 3 the code (on /me, 'Confirm it's you' in its place when the server asks for a step-up first);
 * then the recovery codes (docs/decisions/security.md: One-time and recovery codes); then a short confirmation until the
 * caller moves on with the machine's output.
 */
export function TwoFactorSetupView({ actorRef, codeSubmit, stepUpForm }: TwoFactorSetupViewProps) {
  const { i18n } = useLingui();
  const headingId = useId();
  const installId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const enforced = useSelector(actorRef, (s) => s.context.reason === 'enforced');
  const showingCodes = useSelector(actorRef, (s) => s.matches('showingRecoveryCodes'));
  const done = useSelector(actorRef, (s) => s.status === 'done');
  const stepUp = useSelector(actorRef, stepUpChild);
  // h1 where the setup is the page (login, sign-up: no container says a level); under /me's two-factor heading there.
  const isPage = useHeadingLevel() === 1;

  // Each stage (the steps, then the recovery codes) starts at its heading, like every form change: focused, so
  // keyboard users start there and screen readers announce it.
  useHeadingFocus(rootRef, showingCodes ? 'recoveryCodes' : 'steps');

  if (done)
    return (
      <Alert tone="success">
        <Trans>Two-factor authentication is set up.</Trans>
      </Alert>
    );

  return (
    <div ref={rootRef}>
      {isPage ? (
        <SetupPageTitle
          title={showingCodes ? msg`Save your recovery codes` : msg`Set up two-factor authentication`}
        />
      ) : null}
      {showingCodes ? (
        <RecoveryCodesPanel actorRef={actorRef} />
      ) : (
        <section className="two-factor" aria-labelledby={headingId}>
          <Heading id={headingId} className="two-factor__title">
            <Trans>Set up two-factor authentication</Trans>
          </Heading>
          {enforced ? <p>{refusalText(i18n, { code: 'two_factor_auth_is_not_setup_error' })}</p> : null}
          {/* The three steps as one compact list under the one heading, not three headings of their own. */}
          <ol className="two-factor__steps">
            <li className="two-factor__step" aria-labelledby={installId}>
              <p id={installId} className="two-factor__step-title">
                <Trans>Step 1: Install an authenticator app</Trans>
              </p>
              <p>
                <Trans>Install Google Authenticator, or another authenticator app, on your phone.</Trans>
              </p>
            </li>
            <SecretStep actorRef={actorRef} />
            {stepUp && stepUpForm ? (
              <li className="two-factor__step">
                <Subheadings>{stepUpForm(stepUp)}</Subheadings>
              </li>
            ) : (
              <CodeStep actorRef={actorRef} {...(codeSubmit ? { submit: codeSubmit } : {})} />
            )}
          </ol>
        </section>
      )}
    </div>
  );
}

/** Where the setup is the page (its heading an h1), its stage titles the document; inside /me the page's own title stays. */
function SetupPageTitle({ title }: { title: MessageDescriptor }) {
  usePageTitle(title);
  return null;
}

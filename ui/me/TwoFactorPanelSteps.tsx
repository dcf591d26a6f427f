/**
 * The parts of the /me two-factor panel that are loaded when used (first-load budget, scripts/size.ts): the setup
 * steps with the Setup question, the form that makes new recovery codes, and the new codes.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { Button } from '../components/Button';
import { FormFrame } from '../components/FormFrame';
import { Heading } from '../components/headingLevel';
import { LazyPart } from '../components/LazyPart';
import { Modal } from '../components/Modal';
import { OneTimeCodeField } from '../components/OneTimeCodeField';
import { fieldText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { useHeadingFocus } from '../form/useHeadingFocus';
import { TwoFactorSetupView } from '../twoFactor/TwoFactorSetupView';
import type { TwoFactorPanelActorRef } from './twoFactorPanelTypes';
import '../twoFactor/twoFactor.css';

/**
 * spec 2 Me page, two-factor panel: the setup steps of login (spec 2 Two-factor setup), whose step 3 button is
 * 'Setup': enabled with exactly 6 digits, it asks 'Hope you know what you're doing?' in the site's own dialog
 * before the setup calls. After success the setup shows the recovery codes, as at login.
 */
/** 'Confirm it's you', loaded only when the server asks for it: most setups never show it. */
const loadStepUpForm = () => import('./security/StepUpForm');

export function SetupSteps({ panelRef }: { panelRef: TwoFactorPanelActorRef }) {
  const { t } = useLingui();
  const setupRef = useSelector(panelRef, (s) => s.children.setup);
  const confirming = useSelector(panelRef, (s) => s.matches({ settingUp: 'confirming' }));
  if (!setupRef) return null;
  const cancel = () => panelRef.send({ type: 'confirm.cancel' });
  return (
    <>
      <TwoFactorSetupView
        actorRef={setupRef}
        codeSubmit={{
          label: t`Setup`,
          onSubmit: (code) => panelRef.send({ type: 'setup.submit', code }),
        }}
        stepUpForm={(stepUp) => (
          <LazyPart load={loadStepUpForm} what="step-up form">
            {(part) => (
              <part.StepUpForm actorRef={stepUp} onCancel={() => setupRef.send({ type: 'stepUp.cancel' })} />
            )}
          </LazyPart>
        )}
      />
      <Modal
        open={confirming}
        onClose={cancel}
        title={<Trans>Hope you know what you're doing?</Trans>}
        footer={
          <>
            <Button variant="secondary" onClick={cancel}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={() => panelRef.send({ type: 'confirm.accept' })}>
              <Trans>Yes, set up</Trans>
            </Button>
          </>
        }
      >
        <p>
          <Trans>
            From now on every login asks for a code from this authenticator app. If two-factor authentication
            was on already, codes from your old app stop working.
          </Trans>
        </p>
      </Modal>
    </>
  );
}

/**
 * docs/decisions/security.md: Regenerating recovery codes needs a current code: the code from the authenticator, then the
 * call; a refusal (spec 8) stands under the field, which takes the focus (the form kit's rule).
 */
export function RegenerateForm({ panelRef }: { panelRef: TwoFactorPanelActorRef }) {
  const { i18n, t } = useLingui();
  const code = useSelector(panelRef, (s) => s.context.regenerateCode);
  const error = useSelector(panelRef, (s) => s.context.error);
  const busy = useSelector(panelRef, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(panelRef, (s) => s.can({ type: 'regenerate.submit' }));
  // The one field has no error of its own (the button waits for 6 digits): only a refusal stands under it.
  const { rootRef, submit } = useFormFocus<HTMLElement, { type: 'regenerate.submit' }>(
    panelRef,
    ['regenerateCode'],
    { submit: { type: 'regenerate.submit' } },
  );
  return (
    <FormFrame
      ref={rootRef}
      className="two-factor"
      title={<Trans>New recovery codes</Trans>}
      intro={
        <Trans>
          New codes replace all of your recovery codes: the old ones stop working. To make them, enter a code
          from your authenticator app.
        </Trans>
      }
      error={error}
      canSubmit={canSubmit}
      busy={busy}
      disabledUntilSubmittable
      submitLabel={<Trans>Make new codes</Trans>}
      onSubmit={submit}
      actions={
        <Button variant="secondary" onClick={() => panelRef.send({ type: 'panel.close' })}>
          <Trans>Cancel</Trans>
        </Button>
      }
    >
      <OneTimeCodeField
        name="regenerateCode"
        label={t`Code from the app`}
        value={code}
        readOnly={busy}
        onValueChange={(value) => panelRef.send({ type: 'regenerate.change', value })}
        error={fieldText(i18n, 'regenerateCode', { fieldErrors: {}, error })}
      />
    </FormFrame>
  );
}

/** docs/decisions/security.md: One-time and recovery codes: the new codes, shown once, to download as .txt or print. */
export function NewRecoveryCodes({ panelRef }: { panelRef: TwoFactorPanelActorRef }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef);
  const headingId = useId();
  const codes = useSelector(panelRef, (s) => s.context.newCodes);
  return (
    <section className="two-factor two-factor__recovery" aria-labelledby={headingId}>
      <div className="two-factor__printed">
        <Heading id={headingId} ref={headingRef} className="two-factor__title">
          <Trans>Your new recovery codes</Trans>
        </Heading>
        <p>
          <Trans>
            Your old recovery codes no longer work. If you lose your phone, each of these codes lets you log
            in once instead of a code from the app. Keep them somewhere safe: they are shown only now.
          </Trans>
        </p>
        <ul className="two-factor__codes" aria-labelledby={headingId}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <div className="two-factor__actions">
        <Button variant="secondary" onClick={() => panelRef.send({ type: 'recovery.download' })}>
          <Trans>Download as .txt</Trans>
        </Button>
        <Button variant="secondary" onClick={() => panelRef.send({ type: 'recovery.print' })}>
          <Trans>Print</Trans>
        </Button>
        <Button onClick={() => panelRef.send({ type: 'panel.close' })}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </section>
  );
}

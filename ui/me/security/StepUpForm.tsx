import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { OTP_LENGTH } from '../../../api/contract/limits';
import { Button } from '../../components/Button';
import { FormFrame } from '../../components/FormFrame';
import { OneTimeCodeField } from '../../components/OneTimeCodeField';
import { PasswordField } from '../../components/PasswordField';
import { type FieldRules, fieldText, type ShownRefusal } from '../../form/fieldText';
import { useFormFocus } from '../../form/useFormFocus';
import type { StepUpActorRef } from './types';
import './security.css';

/** spec 5: the code field says what a code looks like (the login's words). */
const STEP_UP_RULES: FieldRules = {
  otpCode: { invalid: msg`Enter the ${OTP_LENGTH} digits the app shows.` },
};

export interface StepUpFormProps {
  /** The step-up child of the parent flow (machines/stepUp). */
  actorRef: StepUpActorRef;
  /** The parent's way out (its own event); without it the form has no Cancel button. */
  onCancel?: () => void;
}

/**
 * docs/decisions/security.md: Step-up on screen: 'Confirm it's you' with the password (autocomplete current-password) or,
 * for an account with two-factor, the code from the app (one-time-code, numeric). The heading takes the focus when
 * the form appears; a refusal stands under its field (which takes the focus) or under the form; after a failure
 * the button sends what was typed again. A user with a passkey may use it instead ('Use a passkey', docs/decisions/security.md:
 * Step-up by passkey); the browser's dialog takes over while it runs. Its heading takes the level the part that shows
 * it gives, one under the part's own (ui/me/README.md: One outline).
 */
export function StepUpForm({ actorRef, onCancel }: StepUpFormProps) {
  const { i18n, t } = useLingui();
  const method = useSelector(actorRef, (s) => s.context.method);
  const password = useSelector(actorRef, (s) => s.context.password);
  const otpCode = useSelector(actorRef, (s) => s.context.otpCode);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const passkeyOffered = useSelector(actorRef, (s) => s.context.passkeyOffered);
  const passkeyRefusal = useSelector(actorRef, (s) => s.context.passkeyRefusal);
  const usingPasskey = useSelector(actorRef, (s) => s.matches('usingPasskey'));
  const retry = useSelector(
    actorRef,
    (s) => s.matches({ refused: 'failed' }) || s.matches({ refused: 'rateLimited' }),
  );
  const { rootRef, submit } = useFormFocus(actorRef, [method]);
  const change = (field: 'password' | 'otpCode') => (value: string) =>
    actorRef.send({ type: 'field.change', field, value });
  const errors = { fieldErrors, error };
  const refusal: ShownRefusal | undefined =
    error ?? (passkeyRefusal ? { ceremony: 'stepUp', reason: passkeyRefusal } : undefined);

  return (
    <FormFrame
      ref={rootRef}
      className="me-security-part me-step-up"
      title={<Trans>Confirm it's you</Trans>}
      intro={
        method === 'password' ? (
          <Trans>For your security, enter your password again before this change.</Trans>
        ) : (
          <Trans>
            For your security, enter the {OTP_LENGTH}-digit code your authenticator app shows before this
            change.
          </Trans>
        )
      }
      error={refusal}
      canSubmit={canSubmit}
      // The machine takes no submit while the passkey runs, yet the passkey's button is the busy one then.
      busy={!canSubmit && !usingPasskey}
      submitLabel={retry ? <Trans>Try again</Trans> : <Trans>Confirm</Trans>}
      onSubmit={submit}
      actions={
        <>
          {passkeyOffered ? (
            <Button
              variant="secondary"
              busy={usingPasskey}
              onClick={() => actorRef.send({ type: 'passkey.use' })}
            >
              <Trans>Use a passkey</Trans>
            </Button>
          ) : null}
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
        </>
      }
    >
      {method === 'password' ? (
        <PasswordField
          name="password"
          autoComplete="current-password"
          label={t`Password`}
          value={password}
          readOnly={busy}
          onValueChange={change('password')}
          error={fieldText(i18n, 'password', errors)}
        />
      ) : (
        <OneTimeCodeField
          name="otpCode"
          label={t`Authentication code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={otpCode}
          readOnly={busy}
          onValueChange={change('otpCode')}
          error={fieldText(i18n, 'otpCode', errors, STEP_UP_RULES)}
        />
      )}
    </FormFrame>
  );
}

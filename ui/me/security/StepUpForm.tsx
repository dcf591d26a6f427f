import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { createElement, useId, useRef } from 'react';
import { OTP_LENGTH } from '../../../api/contract/limits';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { OneTimeCodeField } from '../../components/OneTimeCodeField';
import { PasswordField } from '../../components/PasswordField';
import { type FieldRules, fieldText, refusalText } from '../../form/fieldText';
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
  /** The heading's level inside the part that shows it; 3 under a /me part's heading. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * docs/decisions.md: Step-up on screen: 'Confirm it's you' with the password (autocomplete current-password) or,
 * for an account with two-factor, the code from the app (one-time-code, numeric). The heading takes the focus when
 * the form appears; a refusal stands under its field (which takes the focus) or under the form; after a failure
 * the button sends what was typed again. A user with a passkey may use it instead ('Use a passkey', docs/decisions.md:
 * Step-up by passkey); the browser's dialog takes over while it runs.
 */
export function StepUpForm({ actorRef, onCancel, headingLevel = 3 }: StepUpFormProps) {
  const { i18n, t } = useLingui();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const method = useSelector(actorRef, (s) => s.context.method);
  const password = useSelector(actorRef, (s) => s.context.password);
  const otpCode = useSelector(actorRef, (s) => s.context.otpCode);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const passkeyOffered = useSelector(actorRef, (s) => s.context.passkeyOffered);
  const passkeyRefusal = useSelector(actorRef, (s) => s.context.passkeyRefusal);
  const usingPasskey = useSelector(actorRef, (s) => s.matches('usingPasskey'));
  const retry = useSelector(
    actorRef,
    (s) => s.matches({ refused: 'failed' }) || s.matches({ refused: 'rateLimited' }),
  );
  const { rootRef, submit } = useFormFocus(
    error,
    [method],
    () => {
      actorRef.send({ type: 'form.submit' });
      return actorRef.getSnapshot().context.fieldErrors;
    },
    headingRef,
  );
  const change = (field: 'password' | 'otpCode') => (value: string) =>
    actorRef.send({ type: 'field.change', field, value });
  const errors = { fieldErrors, error };

  return (
    <div ref={rootRef} className="me-security-part">
      <section aria-labelledby={headingId}>
        {createElement(
          `h${headingLevel}`,
          { id: headingId, ref: headingRef, tabIndex: -1, className: 'me-security-part__title' },
          <Trans>Confirm it's you</Trans>,
        )}
        <p>
          {method === 'password' ? (
            <Trans>For your security, enter your password again before this change.</Trans>
          ) : (
            <Trans>
              For your security, enter the {OTP_LENGTH}-digit code your authenticator app shows before this
              change.
            </Trans>
          )}
        </p>
        <form className="me-security-part__form" noValidate aria-labelledby={headingId} onSubmit={submit}>
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
          {error && error.field === undefined ? <Alert tone="error">{refusalText(i18n, error)}</Alert> : null}
          {passkeyRefusal === 'cancelled' ? (
            <Alert tone="error">
              <Trans>The passkey was not used. Try again, or confirm with what you typed.</Trans>
            </Alert>
          ) : null}
          {passkeyRefusal === 'invalid' ? (
            <Alert tone="error">
              <Trans>
                This passkey could not confirm it's you. Try again, or confirm with what you typed.
              </Trans>
            </Alert>
          ) : null}
          <div className="me-security-part__actions">
            {/* Busy, not disabled, while the call runs: a disabled button would drop the keyboard focus. */}
            <Button type="submit" busy={busy && !usingPasskey}>
              {retry ? <Trans>Try again</Trans> : <Trans>Confirm</Trans>}
            </Button>
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
          </div>
        </form>
      </section>
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { OTP_LENGTH } from '../../api/contract/limits';
import { Button } from '../components/Button';
import { OneTimeCodeField } from '../components/OneTimeCodeField';
import { fieldText } from '../form/fieldText';
import type { TwoFactorSetupActorRef } from './types';

/**
 * Another submit button for step 3 (spec 2 Me page: 'Setup', which asks before the setup calls): its label, and
 * what it does with the typed code instead of submitting it at once. Enabled by the same rule (exactly 6 digits).
 */
export interface CodeSubmit {
  label: ReactNode;
  onSubmit: (code: string) => void;
}

/** spec 2 Two-factor setup, step 3: the 6-digit code and VERIFY & SAVE; errors under the field (spec 8). */
export function CodeStep({
  actorRef,
  submit: other,
}: {
  actorRef: TwoFactorSetupActorRef;
  submit?: CodeSubmit;
}) {
  const { i18n, t } = useLingui();
  const headingId = useId();
  const code = useSelector(actorRef, (s) => s.context.code);
  const error = useSelector(actorRef, (s) => s.context.error);
  const verifying = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'code.submit' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (other) other.onSubmit(code);
    else actorRef.send({ type: 'code.submit' });
  };

  return (
    <li className="two-factor__step" aria-labelledby={headingId}>
      <p id={headingId} className="two-factor__step-title">
        <Trans>Step 3: Enter the {OTP_LENGTH}-digit code</Trans>
      </p>
      <form className="two-factor__step" noValidate onSubmit={submit}>
        <OneTimeCodeField
          name="code"
          label={t`Code from the app`}
          hint={t`The app shows a new code every 30 seconds.`}
          value={code}
          readOnly={verifying}
          onValueChange={(value) => actorRef.send({ type: 'code.change', value })}
          error={fieldText(i18n, 'code', { fieldErrors: {}, error })}
        />
        {/* Busy, not disabled, while verifying: a disabled button would drop the keyboard focus. */}
        <Button type="submit" busy={verifying} disabled={!verifying && !canSubmit}>
          {other ? other.label : <Trans>VERIFY & SAVE</Trans>}
        </Button>
      </form>
    </li>
  );
}

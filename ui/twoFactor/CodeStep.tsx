import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { OTP_LENGTH } from '../../api/contract/limits';
import { FormFrame } from '../components/FormFrame';
import { OneTimeCodeField } from '../components/OneTimeCodeField';
import { fieldText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import type { TwoFactorSetupActorRef } from './types';

/**
 * Another submit button for step 3 (spec 2 Me page: 'Setup', which asks before the setup calls): its label, and
 * what it does with the typed code instead of submitting it at once. Enabled by the same rule (exactly 6 digits).
 */
export interface CodeSubmit {
  label: ReactNode;
  onSubmit: (code: string) => void;
}

const FIELDS = ['code'] as const;

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
  // The steps' list keeps the focus where the person is (the stage's heading is the view's); a refused code
  // focuses the field it is said under.
  const { rootRef, submit } = useFormFocus(actorRef, FIELDS, {
    submit: { type: 'code.submit' },
    onMount: 'nothing',
  });
  const submitOther = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    other?.onSubmit(code);
  };

  return (
    <li className="two-factor__step" aria-labelledby={headingId}>
      <p id={headingId} className="two-factor__step-title">
        <Trans>Step 3: Enter the {OTP_LENGTH}-digit code</Trans>
      </p>
      {/* Busy, not disabled, while verifying: a disabled button would drop the keyboard focus. */}
      <FormFrame
        ref={rootRef}
        part
        className="two-factor__step"
        error={error}
        canSubmit={canSubmit}
        busy={verifying}
        disabledUntilSubmittable
        submitLabel={other ? other.label : <Trans>VERIFY & SAVE</Trans>}
        onSubmit={other ? submitOther : submit}
      >
        <OneTimeCodeField
          name="code"
          label={t`Code from the app`}
          hint={t`The app shows a new code every 30 seconds.`}
          value={code}
          readOnly={verifying}
          onValueChange={(value) => actorRef.send({ type: 'code.change', value })}
          error={fieldText(i18n, 'code', { fieldErrors: {}, error })}
        />
      </FormFrame>
    </li>
  );
}

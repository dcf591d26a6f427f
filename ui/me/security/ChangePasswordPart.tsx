import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SIGNUP_PASSWORD_MIN } from '../../../api/contract/limits';
import type { changePasswordMachine } from '../../../machines/changePassword/changePassword.machine';
import { stepUpChild } from '../../../machines/stepUp/stepUpAround';
import { Button } from '../../components/Button';
import { FormFrame } from '../../components/FormFrame';
import { NewPasswordField } from '../../components/NewPasswordField';
import { PasswordField } from '../../components/PasswordField';
import { type FieldRules, fieldText } from '../../form/fieldText';
import { useFormFocus } from '../../form/useFormFocus';
import { PasswordIntro, useWasOpen } from './SecurityIntros';
import { SecurityPart } from './SecurityPart';
import { StepUpForm } from './StepUpForm';

export type ChangePasswordActorRef = ActorRefFrom<typeof changePasswordMachine>;

/** spec 5: the sign-up rule's minimum, filled into its message. */
const RULES: FieldRules = { newPassword: { min: SIGNUP_PASSWORD_MIN } };
const FIELDS = ['newPassword', 'confirmation'] as const;

/**
 * docs/decisions/security.md: Changing the password on screen: the closed part, the form (strength bar, confirmation),
 * 'Confirm it's you' when the server asks for a step-up, and the end saying what happened to other sessions.
 */
export function ChangePasswordPart({
  actorRef,
  userInputs,
}: {
  actorRef: ChangePasswordActorRef;
  userInputs?: string[];
}) {
  const idle = useSelector(actorRef, (s) => s.matches('idle'));
  const refocus = useWasOpen(idle);
  const done = useSelector(actorRef, (s) => s.matches('done'));
  const stepUp = useSelector(actorRef, stepUpChild);
  if (idle) return <PasswordIntro onOpen={() => actorRef.send({ type: 'panel.open' })} refocus={refocus} />;
  if (done)
    return (
      <SecurityPart title={<Trans>Your password has been changed</Trans>} focusOnMount>
        <p>
          <Trans>
            Every other place you were signed in has been signed out; this one stays signed in. We sent a
            notice to your e-mail address.
          </Trans>
        </p>
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'panel.close' })}>
          <Trans>Done</Trans>
        </Button>
      </SecurityPart>
    );
  if (stepUp)
    return (
      <SecurityPart title={<Trans>Change password</Trans>}>
        <StepUpForm actorRef={stepUp} onCancel={() => actorRef.send({ type: 'stepUp.cancel' })} />
      </SecurityPart>
    );
  return <ChangePasswordForm actorRef={actorRef} userInputs={userInputs} />;
}

function ChangePasswordForm({
  actorRef,
  userInputs,
}: {
  actorRef: ChangePasswordActorRef;
  userInputs?: string[];
}) {
  const { i18n, t } = useLingui();
  const newPassword = useSelector(actorRef, (s) => s.context.newPassword);
  const confirmation = useSelector(actorRef, (s) => s.context.confirmation);
  const fieldErrors = useSelector(actorRef, (s) => s.context.fieldErrors);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const { rootRef, submit } = useFormFocus(actorRef, FIELDS);
  const errors = { fieldErrors, error };
  const change = (field: (typeof FIELDS)[number]) => (value: string) =>
    actorRef.send({ type: 'field.change', field, value });
  return (
    <FormFrame
      ref={rootRef}
      className="me-security-part"
      title={<Trans>Change password</Trans>}
      error={error}
      canSubmit={canSubmit}
      submitLabel={<Trans>Save password</Trans>}
      onSubmit={submit}
      actions={
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'panel.close' })}>
          <Trans>Cancel</Trans>
        </Button>
      }
    >
      <NewPasswordField
        name="newPassword"
        strengthMinimum={SIGNUP_PASSWORD_MIN}
        userInputs={userInputs}
        label={t`New password`}
        value={newPassword}
        readOnly={busy}
        onValueChange={change('newPassword')}
        error={fieldText(i18n, 'newPassword', errors, RULES)}
      />
      <PasswordField
        name="confirmation"
        autoComplete="new-password"
        label={t`New password again`}
        value={confirmation}
        readOnly={busy}
        onValueChange={change('confirmation')}
        error={fieldText(i18n, 'confirmation', errors)}
      />
    </FormFrame>
  );
}

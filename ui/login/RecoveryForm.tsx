import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { RECOVERY_CODE_LENGTH } from '../../api/contract/limits';
import { Button } from '../components/Button';
import { FormFrame } from '../components/FormFrame';
import { OneTimeCodeField } from '../components/OneTimeCodeField';
import { usePageTitle } from '../components/usePageTitle';
import { fieldText } from '../form/fieldText';
import { BackToLogin } from './BackToLogin';
import { LOGIN_RULES } from './loginText';
import { RememberDeviceBox } from './RememberDeviceBox';
import type { LoginActorRef } from './types';
import { useLoginForm } from './useLoginForm';

/**
 * spec 2 Login: the recovery-code form: one required field of exactly 6 characters, a link for users without a
 * recovery code that shows the way on (an organisation's administrator, or for someone who signed up alone the
 * site's contact address), back to the code form, and back to login; 'Remember this device'
 * (docs/decisions/security.md: Remember this device).
 */
export function RecoveryForm({
  actorRef,
  contactEmail,
  rememberDays,
}: {
  actorRef: LoginActorRef;
  contactEmail: string;
  rememberDays: number;
}) {
  const { i18n, t } = useLingui();
  const hintId = useId();
  const [hintShown, setHintShown] = useState(false);
  const recoveryOtpCode = useSelector(actorRef, (s) => s.context.recoveryOtpCode);
  const { fieldErrors, error, canSubmit, change, submit, rootRef } = useLoginForm(actorRef, 'recovery');
  usePageTitle(msg`Use a recovery code`);

  return (
    <FormFrame
      ref={rootRef}
      title={<Trans>Use a recovery code</Trans>}
      intro={
        <Trans>
          Enter one of the {RECOVERY_CODE_LENGTH}-character recovery codes you saved when you set up
          two-factor authentication. Each code works once.
        </Trans>
      }
      error={error}
      canSubmit={canSubmit}
      submitLabel={<Trans>Log in</Trans>}
      onSubmit={submit}
      after={
        <>
          <Button
            variant="link"
            aria-expanded={hintShown}
            aria-controls={hintId}
            onClick={() => setHintShown((shown) => !shown)}
          >
            <Trans>I have no recovery code</Trans>
          </Button>
          <div id={hintId} className="form-frame__hint" hidden={!hintShown}>
            <p>
              <Trans>
                Please contact the administrator of your organisation: they can reset two-factor
                authentication for your account.
              </Trans>
            </p>
            <p>
              <Trans>
                If you signed up on your own, write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>{' '}
                from your account's e-mail address: we reset two-factor authentication once we have checked
                that the account is yours.
              </Trans>
            </p>
          </div>
          <Button variant="link" onClick={() => actorRef.send({ type: 'back' })}>
            <Trans>Use a code from my authenticator app</Trans>
          </Button>
          <BackToLogin onClick={() => actorRef.send({ type: 'reset' })} />
        </>
      }
    >
      <OneTimeCodeField
        name="recoveryOtpCode"
        label={t`Recovery code`}
        inputMode="text"
        length={RECOVERY_CODE_LENGTH}
        // Not the authenticator's code: OS one-time-code autofill must not offer SMS codes here.
        autoComplete="off"
        value={recoveryOtpCode}
        onValueChange={change('recoveryOtpCode')}
        error={fieldText(i18n, 'recoveryOtpCode', { fieldErrors, error }, LOGIN_RULES)}
      />
      <RememberDeviceBox actorRef={actorRef} days={rememberDays} />
    </FormFrame>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { OTP_LENGTH } from '../../api/contract/limits';
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
 * spec 2 Login: the one-time-code form, naming the account being logged into with a 'Not you?' way back
 * (docs/decisions/product.md: Login names the account). One input with autocomplete=one-time-code so OS and password-manager
 * autofill can fill it; pasted '123 456' is cleaned (docs/decisions/security.md: One-time and recovery codes). A way to the recovery form for users
 * without their device, and back to login; 'Remember this device' (docs/decisions/security.md: Remember this device).
 */
export function CodeForm({ actorRef, rememberDays }: { actorRef: LoginActorRef; rememberDays: number }) {
  const { i18n, t } = useLingui();
  const otpCode = useSelector(actorRef, (s) => s.context.otpCode);
  const email = useSelector(actorRef, (s) => s.context.email);
  const { fieldErrors, error, canSubmit, change, submit, rootRef } = useLoginForm(actorRef, 'code');
  usePageTitle(msg`Enter your code`);

  return (
    <FormFrame
      ref={rootRef}
      title={<Trans>Enter your code</Trans>}
      intro={
        <>
          <span className="form-frame__account">
            <Trans>Logging in as {email}.</Trans>{' '}
            <Button variant="link" onClick={() => actorRef.send({ type: 'account.change' })}>
              <Trans>Not you?</Trans>
            </Button>
          </span>{' '}
          <Trans>
            Open the authenticator app on your phone and enter the {OTP_LENGTH}-digit code it shows.
          </Trans>
        </>
      }
      error={error}
      canSubmit={canSubmit}
      submitLabel={<Trans>Log in</Trans>}
      onSubmit={submit}
      after={
        <>
          <Button variant="link" onClick={() => actorRef.send({ type: 'recovery.choose' })}>
            <Trans>I don't have my authenticator device</Trans>
          </Button>
          <BackToLogin onClick={() => actorRef.send({ type: 'reset' })} />
        </>
      }
    >
      <OneTimeCodeField
        name="otpCode"
        label={t`Authentication code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={otpCode}
        onValueChange={change('otpCode')}
        error={fieldText(i18n, 'otpCode', { fieldErrors, error }, LOGIN_RULES)}
      />
      <RememberDeviceBox actorRef={actorRef} days={rememberDays} />
    </FormFrame>
  );
}

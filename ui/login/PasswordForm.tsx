import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { USER_LIMITS } from '../../api/contract/limits';
import { FormFrame } from '../components/FormFrame';
import { PasswordField } from '../components/PasswordField';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { fieldText } from '../form/fieldText';
import { LOGIN_RULES } from './loginText';
import { type OrganisationSentBack, OrganisationSignIn } from './OrganisationSignIn';
import type { LoginActorRef, RenderLink } from './types';
import { useLoginForm } from './useLoginForm';

/**
 * spec 2 Login: the password form (e-mail, password), with the ways to forgot password, register and start, and
 * where the browser has WebAuthn the passkey sign-in (`passkey`, docs/decisions/security.md: Passkeys).
 */
export function PasswordForm({
  actorRef,
  renderLink,
  organisation,
  passkey,
}: {
  actorRef: LoginActorRef;
  renderLink: RenderLink;
  organisation?: OrganisationSentBack;
  passkey?: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const email = useSelector(actorRef, (s) => s.context.email);
  const password = useSelector(actorRef, (s) => s.context.password);
  const { fieldErrors, error, canSubmit, change, submit, rootRef } = useLoginForm(actorRef, 'password');
  usePageTitle(msg`Log in`);

  return (
    <FormFrame
      ref={rootRef}
      title={<Trans>Log in</Trans>}
      error={error}
      canSubmit={canSubmit}
      submitLabel={<Trans>Log in</Trans>}
      onSubmit={submit}
      after={
        <>
          {passkey}
          <p>
            <Trans>No account yet?</Trans> {renderLink('register', <Trans>Sign up</Trans>)}
          </p>
          <p>{renderLink('start', <Trans>Sign up with your company ID</Trans>)}</p>
          <OrganisationSignIn sentBack={organisation} />
        </>
      }
    >
      <TextField
        name="email"
        type="email"
        // username: what password managers pair with current-password to fill a login; webauthn: the browser
        // offers this site's passkeys here too (conditional mediation, docs/decisions/security.md: Passkeys).
        autoComplete="username webauthn"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USER_LIMITS.email}
        label={t`E-mail`}
        value={email}
        onValueChange={change('email')}
        error={fieldText(i18n, 'email', { fieldErrors, error }, LOGIN_RULES)}
      />
      <PasswordField
        name="password"
        autoComplete="current-password"
        label={t`Password`}
        value={password}
        onValueChange={change('password')}
        error={fieldText(i18n, 'password', { fieldErrors, error }, LOGIN_RULES)}
        below={
          <p className="form-frame__field-link">
            {renderLink('forgotPassword', <Trans>Forgot your password?</Trans>)}
          </p>
        }
      />
    </FormFrame>
  );
}

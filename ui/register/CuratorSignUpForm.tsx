import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { DEFAULT_ORGANISATION_SUBDOMAIN, SIGNUP_PASSWORD_MIN } from '../../api/contract/limits';
import { DEFAULT_ORGANISATION_TERMS } from '../../api/contract/organisationTerms';
import type { curatorSignUpMachine } from '../../machines/curatorSignUp/curatorSignUp.machine';
import type { CuratorField } from '../../machines/curatorSignUp/curatorSignUp.types';
import { FormFrame } from '../components/FormFrame';
import { IconButton } from '../components/IconButton';
import { PencilIcon } from '../components/icons';
import { NewPasswordField } from '../components/NewPasswordField';
import { WELCOME_INTRO_CLASS } from '../components/OrganisationWelcome';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { fieldText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { TermsField, type TermsLinks } from '../terms/TermsField';
import { SIGN_UP_RULES } from './registerText';

export type CuratorSignUpActorRef = ActorRefFrom<typeof curatorSignUpMachine>;

export interface CuratorSignUpFormProps {
  actorRef: CuratorSignUpActorRef;
  /** spec 2: the preview's host ('{channel subdomain}-welcome.{platform host}'). */
  platformHost: string;
  /** The site's /terms-of-service and /privacy (under its base path). */
  defaultLinks: TermsLinks;
  /** spec 2 Register: a link to login. */
  loginLink: ReactNode;
  /** spec 2 Register: 'Welcome to {name}' with the default organisation's logo, above the form. */
  welcome?: ReactNode;
}

/**
 * spec 2 Register (curator) on screen: channel name, the subdomain preview with its pencil toggle, name, e-mail,
 * password with strength bar and visibility toggle, the default terms, a link to login.
 */
/** The form's fields in form order (the first in error takes the focus after a refused submit). */
const CURATOR_FIELD_ORDER = [
  'channelName',
  'channelSubdomain',
  'screenName',
  'email',
  'password',
  'terms',
] as const;

export function CuratorSignUpForm({
  actorRef,
  platformHost,
  defaultLinks,
  loginLink,
  welcome,
}: CuratorSignUpFormProps) {
  const { i18n, t } = useLingui();
  usePageTitle(msg`Create your channel`);
  const context = useSelector(actorRef, (s) => s.context);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const errorOf = (field: CuratorField | 'terms') => fieldText(i18n, field, context, SIGN_UP_RULES);
  const change = (field: CuratorField) => (value: string) =>
    actorRef.send({ type: 'field.change', field, value });
  const preview = `${context.subdomain.value || '…'}-${DEFAULT_ORGANISATION_SUBDOMAIN}.${platformHost}`;

  const { rootRef, submit } = useFormFocus<HTMLDivElement>(actorRef, CURATOR_FIELD_ORDER);

  const pencil = (
    <IconButton
      label={context.subdomainOpen ? t`Stop editing the subdomain` : t`Edit the subdomain`}
      icon={<PencilIcon />}
      pressed={context.subdomainOpen}
      onClick={() => actorRef.send({ type: 'subdomain.toggle' })}
    />
  );

  return (
    <div ref={rootRef}>
      {welcome ? <div className={WELCOME_INTRO_CLASS}>{welcome}</div> : null}
      <FormFrame
        title={<Trans>Create your channel</Trans>}
        intro={<Trans>Sign up as a channel curator.</Trans>}
        error={context.error}
        canSubmit={canSubmit}
        submitLabel={<Trans>Sign up</Trans>}
        onSubmit={submit}
        after={<p>{loginLink}</p>}
      >
        <TextField
          name="channelName"
          label={t`Channel name`}
          value={context.channelName}
          onValueChange={change('channelName')}
          error={errorOf('channelName')}
          trailing={context.subdomainOpen ? undefined : pencil}
          hint={
            context.subdomainOpen ? undefined : (
              <span data-testid="subdomain-preview">
                <Trans>Your channel's address: {preview}</Trans>
              </span>
            )
          }
        />
        {context.subdomainOpen ? (
          <TextField
            name="channelSubdomain"
            label={t`Channel subdomain`}
            value={context.subdomain.value}
            onValueChange={change('channelSubdomain')}
            error={errorOf('channelSubdomain')}
            trailing={pencil}
            autoCapitalize="none"
            spellCheck={false}
            hint={
              <span data-testid="subdomain-preview">
                <Trans>Your channel's address: {preview}</Trans>
              </span>
            }
          />
        ) : null}
        <TextField
          name="screenName"
          autoComplete="name"
          label={t`Your name`}
          value={context.screenName}
          onValueChange={change('screenName')}
          error={errorOf('screenName')}
        />
        <TextField
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t`E-mail`}
          value={context.email}
          onValueChange={change('email')}
          error={errorOf('email')}
        />
        <NewPasswordField
          name="password"
          strengthMinimum={SIGNUP_PASSWORD_MIN}
          label={t`Password`}
          value={context.password}
          onValueChange={change('password')}
          error={errorOf('password')}
        />
        <TermsField
          terms={DEFAULT_ORGANISATION_TERMS}
          checked={context.terms}
          onChange={(checked) => actorRef.send({ type: 'terms.change', checked })}
          error={errorOf('terms')}
          defaultLinks={defaultLinks}
        />
      </FormFrame>
    </div>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { SIGNUP_PASSWORD_MIN } from '../../api/contract/limits';
import type { InviteInfo } from '../../api/contract/registration';
import { channelHostPreview } from '../../api/contract/urls';
import type { invitationSignUpMachine } from '../../machines/invitationSignUp/invitationSignUp.machine';
import type { InvitationField } from '../../machines/invitationSignUp/invitationSignUp.types';
import { Button } from '../components/Button';
import { FormFrame } from '../components/FormFrame';
import { Loader } from '../components/Loader';
import { NewPasswordField } from '../components/NewPasswordField';
import { OrganisationWelcome } from '../components/OrganisationWelcome';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { VisuallyHidden } from '../components/VisuallyHidden';
import { fieldText, refusalText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { PasswordPage } from '../password/PasswordPage';
import { TermsField, type TermsLinks } from '../terms/TermsField';
import { TwoFactorSetupView } from '../twoFactor/TwoFactorSetupView';
import { SIGN_UP_RULES } from './registerText';
import type { InvitationSignUpActorRef, RenderSignUpLink } from './types';
import './invitation.css';

export interface InvitationSignUpViewProps {
  actorRef: InvitationSignUpActorRef;
  /** spec 2: the channel preview's host ('{channel}-{organisation}.{platform host}'). */
  platformHost: string;
  /** The site's /terms-of-service and /privacy (under its base path), for a link the organisation has no address for. */
  defaultLinks: TermsLinks;
  /** Links to login and to the curator sign-up (the invalid-token page). */
  renderLink: RenderSignUpLink;
}

type Page = 'checking' | 'form' | 'setup' | 'redirecting' | 'invalidToken';

function pageOf(state: SnapshotFrom<typeof invitationSignUpMachine>): Page {
  if (state.matches('invalidToken')) return 'invalidToken';
  if (state.matches('editing') || state.matches('submitting')) return 'form';
  if (state.matches('settingUpTwoFactor')) return 'setup';
  if (state.matches('redirecting')) return 'redirecting';
  return 'checking';
}

/**
 * spec 2 Register (invitation) on screen: a blank page while the token is checked (its status for screen readers
 * only), then 'Welcome to {organisation}' with the invitee and the form, the two-factor setup block when the
 * organisation enforces it, a loader on the way to the channel, or the invalid-token page.
 */
export function InvitationSignUpView({
  actorRef,
  platformHost,
  defaultLinks,
  renderLink,
}: InvitationSignUpViewProps) {
  const page = useSelector(actorRef, pageOf);
  const invite = useSelector(actorRef, (s) => s.context.invite);

  if (page === 'checking') return <CheckingPage />;
  if (page === 'invalidToken') return <InvalidTokenPage renderLink={renderLink} />;
  if (!invite) return null; // the machine leaves checking only with an invite
  if (page === 'redirecting') return <RedirectingPage invite={invite} platformHost={platformHost} />;
  if (page === 'setup') return <SetupPage actorRef={actorRef} invite={invite} platformHost={platformHost} />;
  return (
    <SignUpForm
      actorRef={actorRef}
      invite={invite}
      platformHost={platformHost}
      defaultLinks={defaultLinks}
      loginLink={
        <Trans>
          Already have an account? <LoginLink renderLink={renderLink}>Log in</LoginLink>
        </Trans>
      }
    />
  );
}

/** The login link inside a sentence (the same message as the curator sign-up's). */
function LoginLink({ renderLink, children }: { renderLink: RenderSignUpLink; children?: ReactNode }) {
  return <>{renderLink('login', children)}</>;
}

/** spec 2: 'blank page while loading' (no flash of the form); the status is announced all the same. */
function CheckingPage() {
  usePageTitle(msg`Checking your invitation…`);
  return (
    <output className="invitation__checking">
      <VisuallyHidden>
        <Trans>Checking your invitation…</Trans>
      </VisuallyHidden>
    </output>
  );
}

function InvalidTokenPage({ renderLink }: { renderLink: RenderSignUpLink }) {
  const { i18n } = useLingui();
  usePageTitle(msg`This invitation is no longer valid`);
  return (
    <PasswordPage
      title={<Trans>This invitation is no longer valid</Trans>}
      after={
        <>
          <p>{renderLink('login', <Trans>Log in</Trans>)}</p>
          <p>{renderLink('register', <Trans>Create your own channel</Trans>)}</p>
        </>
      }
    >
      <p>{refusalText(i18n, { code: 'invite_token_invalid_error' })}</p>
    </PasswordPage>
  );
}

/**
 * The account exists; the browser is on its way to the channel, which the platform draws, not this site
 * (docs/decisions/product.md 'After an invitation sign-up'): the page says both, and where, while the channel loads.
 */
function RedirectingPage({ invite, platformHost }: { invite: InviteInfo; platformHost: string }) {
  const { t } = useLingui();
  usePageTitle(msg`Taking you to your channel…`);
  const channelName = invite.channel.name;
  const email = invite.invitee.email || invite.user.email;
  const address = channelHostPreview(
    { channelSubdomain: invite.channel.subdomain, organisationSubdomain: invite.organisation.subdomain },
    { platformHost },
  );
  return (
    <PasswordPage
      title={<Trans>Your account is ready</Trans>}
      after={<Loader label={t`Taking you to your channel…`} />}
    >
      <p>
        <Trans>
          You can now log in with {email}. We are taking you to the channel {channelName} at {address}.
        </Trans>
      </p>
    </PasswordPage>
  );
}

/**
 * spec 2: the organisation's mark, the channel subdomain preview, the invitee's picture (or first letter), name
 * and e-mail. The organisation has no logo of its own in the invite info, so its mark is its first letter.
 */
function InviteSummary({ invite, platformHost }: { invite: InviteInfo; platformHost: string }) {
  const name = invite.invitee.screenName || invite.user.screenName;
  const email = invite.invitee.email || invite.user.email;
  const channelName = invite.channel.name;
  const address = channelHostPreview(
    { channelSubdomain: invite.channel.subdomain, organisationSubdomain: invite.organisation.subdomain },
    { platformHost },
  );
  return (
    <div className="invitation__summary">
      <p className="invitation__channel" data-testid="channel-preview">
        <Trans>
          Channel {channelName} at {address}
        </Trans>
      </p>
      <div className="invitation__invitee">
        {invite.invitee.imageUrl ? (
          // The name is written next to it: the picture adds nothing for a screen reader.
          <img className="invitation__avatar" src={invite.invitee.imageUrl} alt="" />
        ) : (
          <span className="invitation__avatar invitation__avatar--letter" aria-hidden="true">
            {(name || email).charAt(0).toUpperCase()}
          </span>
        )}
        <span className="invitation__who">
          <span className="invitation__name">{name}</span>
          <span className="invitation__email">{email}</span>
        </span>
      </div>
    </div>
  );
}

/** The organisation's welcome: its branding, or its name and initial when the answer carries none. */
function WelcomeTitle({ invite }: { invite: InviteInfo }) {
  const { organisation } = invite;
  return (
    <OrganisationWelcome
      brand={organisation.brand ?? { name: organisation.name, logoUrl: null, accent: null }}
    />
  );
}

const FIELD_ORDER = ['screenName', 'email', 'password', 'terms'] as const;

function SignUpForm({
  actorRef,
  invite,
  platformHost,
  defaultLinks,
  loginLink,
}: {
  actorRef: InvitationSignUpActorRef;
  invite: InviteInfo;
  platformHost: string;
  defaultLinks: TermsLinks;
  loginLink: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const organisationName = invite.organisation.name;
  usePageTitle(msg`Welcome to ${organisationName}`);
  const context = useSelector(actorRef, (s) => s.context);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const errorOf = (field: (typeof FIELD_ORDER)[number]) => fieldText(i18n, field, context, SIGN_UP_RULES);
  const change = (field: InvitationField) => (value: string) =>
    actorRef.send({ type: 'field.change', field, value });

  // The form replaces the blank page (or the setup block): its heading takes the focus.
  const { rootRef, submit } = useFormFocus<HTMLDivElement>(actorRef, FIELD_ORDER);

  return (
    <div ref={rootRef}>
      <FormFrame
        title={<WelcomeTitle invite={invite} />}
        intro={<Trans>You have been invited. Choose a password to join.</Trans>}
        error={context.error}
        canSubmit={canSubmit}
        submitLabel={<Trans>Sign up</Trans>}
        onSubmit={submit}
        after={<p>{loginLink}</p>}
      >
        <InviteSummary invite={invite} platformHost={platformHost} />
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
          readOnly
          label={t`E-mail`}
          hint={t`The address you were invited at.`}
          value={context.invite?.user.email ?? ''}
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
          terms={invite.organisation.terms}
          checked={context.terms}
          onChange={(checked) => actorRef.send({ type: 'terms.change', checked })}
          error={errorOf('terms')}
          defaultLinks={defaultLinks}
        />
      </FormFrame>
    </div>
  );
}

/** The setup reached its recovery codes: the account exists, so there is no way back to the details. */
const isShowingRecoveryCodes = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'showingRecoveryCodes' in value;

/**
 * spec 2 Register (invitation) with two-factor enforced: the welcome and the invitee stay, the setup of the
 * twoFactorSetup machine (ui/twoFactor, the one setup UI) follows inline as the page's heading and title; its
 * recovery codes show before leaving. Until the code is verified the invitee may go back to their details.
 */
function SetupPage({
  actorRef,
  invite,
  platformHost,
}: {
  actorRef: InvitationSignUpActorRef;
  invite: InviteInfo;
  platformHost: string;
}) {
  const setupRef = useSelector(actorRef, (s) => s.children.twoFactorSetup);
  const showingCodes = useSelector(setupRef, (s) => isShowingRecoveryCodes(s?.value));
  return (
    <section className="form-frame invitation__setup">
      <p className="invitation__setup-welcome">
        <WelcomeTitle invite={invite} />
      </p>
      <InviteSummary invite={invite} platformHost={platformHost} />
      {setupRef ? <TwoFactorSetupView actorRef={setupRef} /> : null}
      {showingCodes ? null : (
        <div className="form-frame__after">
          <Button variant="link" onClick={() => actorRef.send({ type: 'details.edit' })}>
            <Trans>Change my name or password</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { magicLinkScreen } from '../../machines/magicLink/magicLink.selectors';
import { ErrorPage } from '../components/ErrorPage';
import { FormFrame } from '../components/FormFrame';
import { Loader } from '../components/Loader';
import { usePageTitle } from '../components/usePageTitle';
import { useFormFocus } from '../form/useFormFocus';
import type { MagicLinkActorRef, RenderMagicLinkLink } from './types';
import './magicLink.css';

export interface MagicLinkViewProps {
  actorRef: MagicLinkActorRef;
  renderLink: RenderMagicLinkLink;
}

/**
 * spec 2 /me with magicLinkToken on screen: a 'Sign in' button that uses the link (opening it uses nothing:
 * docs/decisions/security.md: Mailed links wait for a click), a loader while the page moves on; a used or expired
 * link says so plainly with the two ways on (a new link, or the password).
 */
export function MagicLinkView({ actorRef, renderLink }: MagicLinkViewProps) {
  const screen = useSelector(actorRef, magicLinkScreen);
  usePageTitle(
    screen === 'continuing'
      ? msg`Signing you in…`
      : screen === 'usedOrExpired'
        ? msg`This sign-in link has been used or has expired.`
        : msg`Sign in with your link`,
  );
  if (screen === 'continuing') return <SigningIn />;
  if (screen === 'usedOrExpired') return <MagicLinkUsedPage renderLink={renderLink} />;
  return <SignInForm actorRef={actorRef} />;
}

function SigningIn() {
  const { t } = useLingui();
  return <Loader label={t`Signing you in…`} />;
}

function SignInForm({ actorRef }: { actorRef: MagicLinkActorRef }) {
  const error = useSelector(actorRef, (s) => s.context.error);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const { rootRef, submit } = useFormFocus(actorRef, []);
  return (
    <FormFrame
      ref={rootRef}
      title={<Trans>Sign in with your link</Trans>}
      intro={<Trans>Press the button to sign in on this device. The link works once.</Trans>}
      error={error}
      canSubmit={canSubmit}
      submitLabel={<Trans>Sign in</Trans>}
      onSubmit={submit}
    >
      {null}
    </FormFrame>
  );
}

function MagicLinkUsedPage({ renderLink }: { renderLink: RenderMagicLinkLink }) {
  return (
    <ErrorPage title={<Trans>This sign-in link has been used or has expired.</Trans>}>
      <p>
        <Trans>Each sign-in link works once and only for a short time. Ask for a new one below.</Trans>
      </p>
      <ul className="magic-link-page__links">
        <li>{renderLink('forgotPasswordMagic', <Trans>Send me a new sign-in link</Trans>)}</li>
        <li>{renderLink('login', <Trans>Log in with your e-mail and password</Trans>)}</li>
      </ul>
    </ErrorPage>
  );
}

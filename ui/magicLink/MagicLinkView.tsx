import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { Refusal } from '../../machines/form/refusal';
import { isUsedOrExpired } from '../../machines/magicLink/magicLink.rules';
import { ErrorPage } from '../components/ErrorPage';
import { Loader } from '../components/Loader';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import type { MagicLinkActorRef, RenderMagicLinkLink } from './types';
import './magicLink.css';

export interface MagicLinkViewProps {
  actorRef: MagicLinkActorRef;
  renderLink: RenderMagicLinkLink;
}

/**
 * spec 2 /me with magicLinkToken on screen: a loader while the link is exchanged and while the page moves on;
 * when the link does not work, a plain message and the two ways on (a new link, or the password).
 */
export function MagicLinkView({ actorRef, renderLink }: MagicLinkViewProps) {
  const { t } = useLingui();
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const error = useSelector(actorRef, (s) => (s.matches('failed') ? s.context.error : undefined));
  usePageTitle(
    busy || !error
      ? msg`Signing you in…`
      : isUsedOrExpired(error)
        ? msg`This sign-in link has been used or has expired.`
        : msg`We could not sign you in with this link`,
  );

  if (busy || !error) return <Loader label={t`Signing you in…`} />;
  return <MagicLinkFailedPage usedOrExpired={isUsedOrExpired(error)} error={error} renderLink={renderLink} />;
}

function MagicLinkFailedPage({
  usedOrExpired,
  error,
  renderLink,
}: {
  usedOrExpired: boolean;
  error: Refusal;
  renderLink: RenderMagicLinkLink;
}) {
  const { i18n } = useLingui();
  return (
    <ErrorPage
      title={
        usedOrExpired ? (
          <Trans>This sign-in link has been used or has expired.</Trans>
        ) : (
          <Trans>We could not sign you in with this link</Trans>
        )
      }
    >
      {usedOrExpired ? (
        <p>
          <Trans>Each sign-in link works once and only for a short time. Ask for a new one below.</Trans>
        </p>
      ) : (
        <p>{refusalText(i18n, error)}</p>
      )}
      <ul className="magic-link-page__links">
        <li>{renderLink('forgotPasswordMagic', <Trans>Send me a new sign-in link</Trans>)}</li>
        <li>{renderLink('login', <Trans>Log in with your e-mail and password</Trans>)}</li>
      </ul>
    </ErrorPage>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId, useRef } from 'react';
import type { EmailChangeLinkActorRef } from '../../machines/emailChangeLink/emailChangeLink.machine';
import { ErrorPage } from '../components/ErrorPage';
import { Loader } from '../components/Loader';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import { useHeadingFocus } from '../form/useHeadingFocus';
import '../confirm/confirm.css';

export interface EmailChangeLinkViewProps {
  actorRef: EmailChangeLinkActorRef;
  /** The log-in link (views do not know the routes: the route passes Link). */
  renderLoginLink: (children: ReactNode) => ReactNode;
}

/**
 * docs/decisions/security.md: Changing the e-mail address. The confirm and undo link pages in the landing frame: the loading
 * text, then the address the account has now, or why the link did not work (with a retry when retrying can help),
 * with a log-in link.
 */
export function EmailChangeLinkView({ actorRef, renderLoginLink }: EmailChangeLinkViewProps) {
  const { t, i18n } = useLingui();
  const kind = useSelector(actorRef, (s) => s.context.kind);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const email = useSelector(actorRef, (s) => (s.matches('done') ? s.context.email : undefined));
  const refused = useSelector(actorRef, (s) => s.matches('refused'));
  const failed = useSelector(actorRef, (s) => s.matches('failed'));
  const settingPassword = useSelector(actorRef, (s) => s.matches('settingPassword'));
  const error = useSelector(actorRef, (s) => s.context.error);
  usePageTitle(
    busy || (!email && !refused && !failed)
      ? undefined
      : email
        ? kind === 'confirm'
          ? msg`Your e-mail address is changed`
          : msg`Your e-mail address is back`
        : msg`This link did not work`,
  );

  if (busy || settingPassword) {
    return (
      <Loader
        label={
          settingPassword
            ? t`Your e-mail address is back. Opening the page to set a new password…`
            : kind === 'confirm'
              ? t`Changing your e-mail address…`
              : t`Putting your e-mail address back…`
        }
      />
    );
  }
  if (email) return <DonePage kind={kind} email={email} renderLoginLink={renderLoginLink} />;
  if ((refused || failed) && error) {
    return (
      <ErrorPage
        title={<Trans>This link did not work</Trans>}
        onRetry={failed ? () => actorRef.send({ type: 'retry' }) : undefined}
      >
        <p>{refusalText(i18n, error)}</p>
        <p className="confirm-page__links">{renderLoginLink(<Trans>Log in</Trans>)}</p>
      </ErrorPage>
    );
  }
  return null;
}

function DonePage({
  kind,
  email,
  renderLoginLink,
}: {
  kind: 'confirm' | 'undo';
  email: string;
  renderLoginLink: (children: ReactNode) => ReactNode;
}) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef);
  return (
    <section className="confirm-page" aria-labelledby={titleId}>
      <h1 id={titleId} ref={headingRef} tabIndex={-1}>
        {kind === 'confirm' ? (
          <Trans>Your e-mail address is changed</Trans>
        ) : (
          <Trans>Your e-mail address is back</Trans>
        )}
      </h1>
      <p>
        {kind === 'confirm' ? (
          <Trans>Your account now uses {email}. Log in with it from now on.</Trans>
        ) : (
          <Trans>
            Your account uses {email} again, and every session was signed out. Log in again, and change your
            password if someone else made that change.
          </Trans>
        )}
      </p>
      <p className="confirm-page__links">{renderLoginLink(<Trans>Log in</Trans>)}</p>
    </section>
  );
}

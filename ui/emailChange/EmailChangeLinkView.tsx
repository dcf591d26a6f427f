import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId, useRef } from 'react';
import type { EmailChangeLinkActorRef } from '../../machines/emailChangeLink/emailChangeLink.machine';
import { ErrorPage } from '../components/ErrorPage';
import { FormFrame } from '../components/FormFrame';
import { Loader } from '../components/Loader';
import { usePageTitle } from '../components/usePageTitle';
import { refusalText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { useHeadingFocus } from '../form/useHeadingFocus';
import '../confirm/confirm.css';

export interface EmailChangeLinkViewProps {
  actorRef: EmailChangeLinkActorRef;
  /** The log-in link (views do not know the routes: the route passes Link). */
  renderLoginLink: (children: ReactNode) => ReactNode;
}

/**
 * docs/decisions/security.md: Changing the e-mail address. The confirm and undo link pages in the landing frame: the button
 * that uses the link (docs/decisions/security.md: Mailed links wait for a click), the loading text, then the address the account has now, or why the link did not work (with a retry when retrying can help),
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
  const asking = useSelector(actorRef, (s) => s.matches('asking'));
  const error = useSelector(actorRef, (s) => s.context.error);
  usePageTitle(
    asking
      ? kind === 'confirm'
        ? msg`Confirm your new e-mail address`
        : msg`Undo the e-mail change`
      : busy || (!email && !refused && !failed)
        ? undefined
        : email
          ? kind === 'confirm'
            ? msg`Your e-mail address is changed`
            : msg`Your e-mail address is back`
          : msg`This link did not work`,
  );

  if (asking) return <AskingForm actorRef={actorRef} kind={kind} />;
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

/** docs/decisions/security.md: Mailed links wait for a click: the opened link uses nothing until its button. */
function AskingForm({ actorRef, kind }: { actorRef: EmailChangeLinkActorRef; kind: 'confirm' | 'undo' }) {
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  const { rootRef, submit } = useFormFocus(actorRef, []);
  return (
    <FormFrame
      ref={rootRef}
      title={
        kind === 'confirm' ? (
          <Trans>Confirm your new e-mail address</Trans>
        ) : (
          <Trans>Undo the e-mail change</Trans>
        )
      }
      intro={
        kind === 'confirm' ? (
          <Trans>
            Press the button to make this address your account's e-mail address. The link works once.
          </Trans>
        ) : (
          <Trans>
            Press the button to put your account's previous e-mail address back. Every session will be signed
            out, and you will set a new password.
          </Trans>
        )
      }
      error={undefined}
      canSubmit={canSubmit}
      submitLabel={kind === 'confirm' ? <Trans>Confirm the change</Trans> : <Trans>Undo the change</Trans>}
      onSubmit={submit}
    >
      {null}
    </FormFrame>
  );
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

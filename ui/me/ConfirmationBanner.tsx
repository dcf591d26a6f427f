import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { failureText } from '../../i18n/failureText';
import type { resendConfirmationMachine } from '../../machines/resendConfirmation/resendConfirmation.machine';
import { Alert, Button } from '../components';

export interface ConfirmationBannerProps {
  actorRef: ActorRefFrom<typeof resendConfirmationMachine>;
}

/**
 * spec 2 Me page: 'Please verify your email address.' while the account is unconfirmed, with a button that sends
 * the confirmation mail again; after it, a note that the mail is on its way, or the spec 8 text of the failure.
 */
export function ConfirmationBanner({ actorRef }: ConfirmationBannerProps) {
  const { i18n } = useLingui();
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const sent = useSelector(actorRef, (s) => s.matches('sent'));
  const error = useSelector(actorRef, (s) => (s.matches('failed') ? s.context.error : undefined));
  return (
    <Alert tone="warning" title={<Trans>Please verify your email address.</Trans>}>
      {sent ? (
        <p>
          <Trans>We have sent you a new confirmation e-mail. Please open the link in it.</Trans>
        </p>
      ) : (
        <Button variant="secondary" busy={busy} onClick={() => actorRef.send({ type: 'RESEND' })}>
          <Trans>Send the confirmation e-mail again</Trans>
        </Button>
      )}
      {error ? <p className="me-banner__error">{failureText(i18n, error)}</p> : null}
    </Alert>
  );
}

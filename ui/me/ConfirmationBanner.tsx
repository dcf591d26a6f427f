import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { resendPhase } from '../../machines/form/resend';
import type { resendConfirmationMachine } from '../../machines/resendConfirmation/resendConfirmation.machine';
import { Alert } from '../components';
import { ResendMail } from '../mail/ResendMail';

export interface ConfirmationBannerProps {
  actorRef: ActorRefFrom<typeof resendConfirmationMachine>;
}

/**
 * spec 2 Me page: 'Please verify your email address.' while the account is unconfirmed, with 'Send again' after a
 * visible wait, as on every 'check your e-mail' place (docs/decisions/product.md: Check your e-mail). The banner is no live
 * region: it holds the countdown, which a screen reader would read every second; what 'Send again' brings (sent,
 * refused) is announced by the block itself.
 */
export function ConfirmationBanner({ actorRef }: ConfirmationBannerProps) {
  const phase = useSelector(actorRef, resendPhase());
  const resent = useSelector(actorRef, (s) => s.context.resent);
  const error = useSelector(actorRef, (s) => s.context.error);
  return (
    <Alert tone="warning" live={false} title={<Trans>Please verify your email address.</Trans>}>
      <p>
        <Trans>Open the link in the confirmation e-mail we have sent you.</Trans>
      </p>
      <ResendMail
        phase={phase}
        resent={resent}
        error={error}
        onResend={() => actorRef.send({ type: 'mail.resend' })}
      />
    </Alert>
  );
}

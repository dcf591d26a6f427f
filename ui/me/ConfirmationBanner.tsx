import { Trans } from '@lingui/react/macro';
import type { ResendActorRef } from '../../machines/resend/resend.selectors';
import { Alert } from '../components';
import { ResendPart } from '../form/ResendPart';

export interface ConfirmationBannerProps {
  /** The banner's 'Send again' (machines/resend, sending POST /api/me/confirmation). */
  actorRef: ResendActorRef;
}

/**
 * spec 2 Me page: 'Please verify your email address.' while the account is unconfirmed, with 'Send again' after a
 * visible wait, as on every 'check your e-mail' place (docs/decisions/product.md: Check your e-mail). The banner is no live
 * region: it holds the countdown, which a screen reader would read every second; what 'Send again' brings (sent,
 * refused) is announced by the block itself.
 */
export function ConfirmationBanner({ actorRef }: ConfirmationBannerProps) {
  return (
    <Alert tone="warning" live={false} title={<Trans>Please verify your email address.</Trans>}>
      <p>
        <Trans>Open the link in the confirmation e-mail we have sent you.</Trans>
      </p>
      <ResendPart actorRef={actorRef} />
    </Alert>
  );
}

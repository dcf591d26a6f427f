import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { RESEND_WAIT_SECONDS } from '../../machines/resend/resend.rules';
import { type ResendActorRef, resendPhase } from '../../machines/resend/resend.selectors';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { refusalText } from './fieldText';
import './resend.css';

/** Seconds left of a wait that started when `running` became true; only for the eye, the machine decides. */
function useCountdown(running: boolean, seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!running) return;
    setLeft(seconds);
    const started = Date.now();
    const timer = setInterval(() => {
      setLeft(Math.max(1, seconds - Math.floor((Date.now() - started) / 1000)));
    }, 1000);
    return () => clearInterval(timer);
  }, [running, seconds]);
  return left;
}

/**
 * 'Send again' on a 'check your e-mail' place (docs/decisions/product.md: Check your e-mail), the one view part of
 * the resend child (machines/resend) wherever a flow runs one: aria-disabled (so the focus a keyboard user put
 * there stays) with a visible countdown while the child waits, then the same request again. The countdown is not
 * a live region (a screen reader would hear every second); the button describes itself by it. What the last
 * 'Send again' brought is said once: a refusal as what it is, a mail sent as a status.
 */
export function ResendPart({ actorRef }: { actorRef: ResendActorRef }) {
  const { i18n, t } = useLingui();
  const waitId = useId();
  const phase = useSelector(actorRef, resendPhase);
  const { resent, error } = useSelector(actorRef, (s) => s.context);
  const seconds = useCountdown(phase === 'waiting', RESEND_WAIT_SECONDS);
  return (
    <div className="ui-resend">
      {error ? (
        <Alert tone="error">
          {error.code === 'rate_limited_error'
            ? // The per-recipient mail limit (docs/decisions/security.md: Mail per recipient), said as what it is.
              t`Too many e-mails have been sent to this address for now. Please wait a while, then ask again.`
            : refusalText(i18n, error)}
        </Alert>
      ) : resent ? (
        <Alert tone="info">
          <Trans>We have sent the e-mail again.</Trans>
        </Alert>
      ) : null}
      <p>
        <Trans>No e-mail? Look in your spam folder, or ask for it again.</Trans>
      </p>
      <Button
        variant="secondary"
        busy={phase === 'sending'}
        aria-disabled={phase === 'waiting' || undefined}
        aria-describedby={phase === 'waiting' ? waitId : undefined}
        onClick={() => {
          if (phase === 'ready') actorRef.send({ type: 'mail.resend' });
        }}
      >
        <Trans>Send again</Trans>
      </Button>
      {phase === 'waiting' && (
        <p id={waitId} className="ui-resend__wait">
          <Trans>You can send it again in {seconds} s.</Trans>
        </p>
      )}
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import type { Refusal } from '../../machines/form/refusal';
import { RESEND_WAIT_SECONDS, type ResendPhase } from '../../machines/form/resend';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { refusalText } from '../form/fieldText';
import './resend.css';

export interface ResendMailProps {
  /** The machine waits (the countdown shows), may send ('Send again' works) or is sending: `resendPhase`. */
  phase: ResendPhase;
  /** How long the wait is (the machines' one delay unless told): the countdown starts there each time it begins. */
  waitSeconds?: number;
  /** The mail went out again. */
  resent: boolean;
  /** The last refusal (e.g. rate_limited_error, the per-recipient mail limit). */
  error: Refusal | undefined;
  onResend: () => void;
}

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
 * 'Send again' on a 'check your e-mail' page (docs/decisions/product.md: Check your e-mail): aria-disabled (so the focus a
 * keyboard user put there stays) with a visible countdown while the machine waits, then the same request again.
 * The countdown is not a live region (a screen reader would hear every second); the button describes itself by it.
 */
export function ResendMail({
  phase,
  waitSeconds = RESEND_WAIT_SECONDS,
  resent,
  error,
  onResend,
}: ResendMailProps) {
  const { i18n, t } = useLingui();
  const waitId = useId();
  const seconds = useCountdown(phase === 'waiting', waitSeconds);
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
          if (phase === 'ready') onResend();
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

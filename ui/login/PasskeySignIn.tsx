import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { passkeySignInMachine } from '../../machines/passkeySignIn/passkeySignIn.machine';
import { Button } from '../components';
import { refusalText } from '../form/fieldText';

export interface PasskeySignInProps {
  actorRef: ActorRefFrom<typeof passkeySignInMachine>;
}

type BrowserRefusal = 'cancelled' | 'timedOut' | 'notSupported' | 'invalid';

/**
 * What a refused.* state says (docs/decisions.md: Passkeys) when the browser ended the ceremony; a server's
 * refusal (refused.locked, refused.rateLimited, and refused.invalid after the server's check) says its code's text.
 */
const BROWSER_REFUSAL_TEXT: Readonly<Record<BrowserRefusal, MessageDescriptor>> = {
  cancelled: msg`The passkey request was cancelled. You can try again or log in with your password.`,
  timedOut: msg`The passkey request timed out. Please try again.`,
  notSupported: msg`This browser or device cannot use a passkey here.`,
  invalid: msg`This passkey could not be checked. Please try again.`,
};
const isBrowserRefusal = (state: string): state is BrowserRefusal => state in BROWSER_REFUSAL_TEXT;

/**
 * /login's 'Sign in with a passkey' (docs/decisions.md: Passkeys): nothing where the browser has no WebAuthn;
 * the button, busy while the browser's dialog is open or the server checks; after a refusal, why.
 */
export function PasskeySignIn({ actorRef }: PasskeySignInProps) {
  const { i18n } = useLingui();
  const offered = useSelector(actorRef, (s) => !s.matches('detecting') && !s.matches('notSupported'));
  const busy = useSelector(actorRef, (s) => s.hasTag('busy') || s.matches('done'));
  const refused = useSelector(actorRef, (s) =>
    typeof s.value === 'object' && 'refused' in s.value ? String(s.value.refused) : undefined,
  );
  const error = useSelector(actorRef, (s) => s.context.error);
  if (!offered) return null;
  const text =
    refused === undefined
      ? undefined
      : error
        ? refusalText(i18n, error)
        : i18n._(BROWSER_REFUSAL_TEXT[isBrowserRefusal(refused) ? refused : 'invalid']);
  return (
    <div className="passkey-sign-in">
      <Button variant="secondary" busy={busy} onClick={() => actorRef.send({ type: 'SIGN_IN' })}>
        <Trans>Sign in with a passkey</Trans>
      </Button>
      {/* An <output> is a role=status live region: the reason is read out when it appears. */}
      <output className="passkey-sign-in__status">{text}</output>
    </div>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { passkeySignInMachine } from '../../machines/passkeySignIn/passkeySignIn.machine';
import type { PasskeyRefusal } from '../../machines/passkeySignIn/passkeySignIn.rules';
import { Button } from '../components';
import { refusalText } from '../form/fieldText';

export interface PasskeySignInProps {
  actorRef: ActorRefFrom<typeof passkeySignInMachine>;
}

/** What a ceremony that ended without a passkey says (docs/decisions.md: Passkeys). */
export const PASSKEY_REFUSAL_TEXT: Readonly<Record<PasskeyRefusal, MessageDescriptor>> = {
  cancelled: msg`The passkey request was cancelled. You can try again or log in with your password.`,
  timedOut: msg`The passkey request timed out. Please try again.`,
  notSupported: msg`This browser or device cannot use a passkey here.`,
  alreadyRegistered: msg`This passkey is already registered to your account.`,
  invalid: msg`This passkey could not be checked. Please try again.`,
};

/**
 * /login's 'Sign in with a passkey' (docs/decisions.md: Passkeys): nothing where the browser has no WebAuthn;
 * the button, busy while the browser's dialog is open or the server checks; after a refusal, why.
 */
export function PasskeySignIn({ actorRef }: PasskeySignInProps) {
  const { i18n } = useLingui();
  const offered = useSelector(actorRef, (s) => !s.matches('detecting') && !s.matches('notSupported'));
  const busy = useSelector(actorRef, (s) => s.hasTag('busy') || s.matches('done'));
  const refusal = useSelector(actorRef, (s) =>
    s.matches('refused') ? { why: s.context.refusal, error: s.context.error } : undefined,
  );
  if (!offered) return null;
  const text = refusal?.error
    ? refusalText(i18n, refusal.error)
    : refusal?.why
      ? i18n._(PASSKEY_REFUSAL_TEXT[refusal.why])
      : undefined;
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

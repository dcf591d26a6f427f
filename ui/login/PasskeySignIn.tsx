import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { passkeySignInMachine } from '../../machines/passkeySignIn/passkeySignIn.machine';
import { passkeySignInRefusal } from '../../machines/passkeySignIn/passkeySignIn.selectors';
import { Button } from '../components';
import { refusalText } from '../form/fieldText';

export interface PasskeySignInProps {
  actorRef: ActorRefFrom<typeof passkeySignInMachine>;
}

/**
 * /login's 'Sign in with a passkey' (docs/decisions/security.md: Passkeys): nothing where the browser has no WebAuthn;
 * the button, busy while the browser's dialog is open or the server checks; after a refusal, why.
 */
export function PasskeySignIn({ actorRef }: PasskeySignInProps) {
  const { i18n } = useLingui();
  const offered = useSelector(actorRef, (s) => !s.matches('detecting') && !s.matches('notSupported'));
  const busy = useSelector(actorRef, (s) => s.hasTag('busy') || s.matches('done'));
  const refusal = useSelector(actorRef, passkeySignInRefusal);
  if (!offered) return null;
  return (
    <div className="passkey-sign-in">
      <Button variant="secondary" busy={busy} onClick={() => actorRef.send({ type: 'SIGN_IN' })}>
        <Trans>Sign in with a passkey</Trans>
      </Button>
      {/* An <output> is a role=status live region: the reason is read out when it appears. */}
      <output className="passkey-sign-in__status">{refusal ? refusalText(i18n, refusal) : null}</output>
    </div>
  );
}

import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import {
  addPasskey,
  createPasskey,
  getPasskeys,
  passkeyRegistrationOptions,
  removePasskey,
  renamePasskey,
} from '../../api/actors';
import { hasWebAuthn } from '../../api/passkeyCeremony';
import { addPasskeyMachine } from '../../machines/addPasskey/addPasskey.machine';
import { passkeysMachine } from '../../machines/passkeys/passkeys.machine';
import { PasskeysPanel } from '../../ui/me/security/PasskeysPanel';
import { stepUpWithCalls } from './stepUpProof';

/**
 * The Passkeys part (docs/decisions/security.md: Passkeys): owns the passkeys actor for the visit of /me and provides its
 * calls, the add flow's (the options, the browser's ceremony, the register call) and its step-up's.
 * @public loaded with import() by containers/me/securityPasskeys.tsx as a whole module, which knip does not follow.
 */
export function PasskeysSection({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const router = useRouter();
  const [machine] = useState(() =>
    passkeysMachine.provide({
      // A 401 (the session ended elsewhere) leaves for /login, as the sessions part does.
      actions: {
        signedOut: () => {
          void router.navigate({ to: '/login', search: { notice: 'signedOut' }, replace: true });
        },
      },
      actors: {
        getPasskeys,
        renamePasskey,
        removePasskey,
        addPasskey: addPasskeyMachine.provide({
          actors: {
            getOptions: passkeyRegistrationOptions,
            createPasskey,
            register: addPasskey,
            stepUp: stepUpWithCalls(),
          },
        }),
      },
    }),
  );
  const actorRef = useActorRef(machine, { input: { webAuthn: hasWebAuthn(), twoFactorEnabled } });
  return <PasskeysPanel actorRef={actorRef} />;
}

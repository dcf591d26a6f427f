import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import {
  endOtherSessions,
  endSession,
  forgetRememberedDevice,
  getRememberedDevices,
  getSessions,
} from '../../api/actors';
import { rememberedDevicesMachine } from '../../machines/rememberedDevices/rememberedDevices.machine';
import { sessionsMachine } from '../../machines/sessions/sessions.machine';
import { RememberedDevicesPanel } from '../../ui/me/security/RememberedDevicesPanel';
import { SessionsPanel } from '../../ui/me/security/SessionsPanel';
import { stepUpWithCalls } from './stepUpProof';

/**
 * The Security part's sessions and devices (docs/decisions/security.md: Sessions and devices): owns the sessions actor for
 * the visit of /me and provides its calls. Signing this session out (from the list, or a 401 because it ended
 * elsewhere) leaves for /login. Signing other sessions out asks for the step-up first when the server wants it
 * (the profile says which proof).
 * @public loaded with import() by containers/me/securitySessions.tsx as a whole module, which knip does not follow.
 */
export function SessionsSection({
  twoFactorEnabled,
  onOthersSignedOut,
}: {
  twoFactorEnabled: boolean;
  /** Every other session ended: the remembered devices went with them (docs/decisions/security.md). */
  onOthersSignedOut: () => void;
}) {
  const router = useRouter();
  const [machine] = useState(() =>
    sessionsMachine.provide({
      actors: { getSessions, endSession, endOtherSessions, stepUp: stepUpWithCalls() },
      actions: {
        signedOut: () => {
          void router.navigate({ to: '/login', search: { notice: 'signedOut' }, replace: true });
        },
        othersSignedOut: () => onOthersSignedOut(),
      },
    }),
  );
  const actorRef = useActorRef(machine, { input: { twoFactorEnabled } });
  return <SessionsPanel actorRef={actorRef} />;
}

/**
 * The Security part's remembered devices (docs/decisions/security.md: Remember this device), beside the sessions and
 * in their chunk: owns the list's actor for the visit of /me. A 401 (this session ended elsewhere) leaves for /login.
 * @public loaded with import() by containers/me/securitySessions.tsx as a whole module, which knip does not follow.
 */
export function RememberedDevicesSection() {
  const router = useRouter();
  const [machine] = useState(() =>
    rememberedDevicesMachine.provide({
      actors: { getRememberedDevices, forgetRememberedDevice },
      actions: {
        signedOut: () => {
          void router.navigate({ to: '/login', search: { notice: 'signedOut' }, replace: true });
        },
      },
    }),
  );
  const actorRef = useActorRef(machine);
  return <RememberedDevicesPanel actorRef={actorRef} />;
}

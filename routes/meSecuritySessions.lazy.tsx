import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { endOtherSessions, endSession, getSessions } from '../api/actors';
import { sessionsMachine } from '../machines/sessions/sessions.machine';
import { SessionsPanel } from '../ui/me/security/SessionsPanel';

/**
 * The Security part's sessions and devices (docs/decisions.md: Sessions and devices): owns the sessions actor for
 * the visit of /me and provides its calls. Signing this session out (from the list, or a 401 because it ended
 * elsewhere) leaves for /login.
 * @public loaded with import() by routes/meSecuritySessions.tsx as a whole module, which knip does not follow.
 */
export function SessionsSection() {
  const router = useRouter();
  const [machine] = useState(() =>
    sessionsMachine.provide({
      actors: { getSessions, endSession, endOtherSessions },
      actions: {
        signedOut: () => {
          void router.navigate({ to: '/login', replace: true });
        },
      },
    }),
  );
  const actorRef = useActorRef(machine);
  return <SessionsPanel actorRef={actorRef} />;
}

import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { getSecurityActivity } from '../../api/actors';
import { securityActivityMachine } from '../../machines/securityActivity/securityActivity.machine';
import { ActivityPanel } from '../../ui/me/security/ActivityPanel';

/**
 * The Security part's recent activity (docs/decisions/security.md: Security activity): owns the activity actor for the
 * visit of /me and provides its call. A 401 (this session ended elsewhere) leaves for /login.
 * @public loaded with import() by containers/me/securityActivity.tsx as a whole module, which knip does not follow.
 */
export function ActivitySection({ recoveryHref }: { recoveryHref: string }) {
  const router = useRouter();
  const [machine] = useState(() =>
    securityActivityMachine.provide({
      actors: { getSecurityActivity },
      actions: {
        signedOut: () => {
          void router.navigate({ to: '/login', search: { notice: 'signedOut' }, replace: true });
        },
      },
    }),
  );
  const actorRef = useActorRef(machine);
  return <ActivityPanel actorRef={actorRef} recoveryHref={recoveryHref} />;
}

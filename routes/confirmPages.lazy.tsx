import { createLazyRoute, Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { confirmEmail } from '../api/actors';
import { confirmEmailMachine } from '../machines/confirmEmail/confirmEmail.machine';
import { ConfirmView } from '../ui/confirm/ConfirmView';
import type { ConfirmLinkTarget } from '../ui/confirm/types';

const CONFIRM_LINKS = { register: '/register', login: '/login' } as const;
const renderConfirmLink = (target: ConfirmLinkTarget, children: ReactNode) => (
  <Link to={CONFIRM_LINKS[target]}>{children}</Link>
);

/** spec 2 Confirm: the token query parameter is confirmed on load. */
function ConfirmRoute() {
  const { token } = confirmPage.useSearch();
  const [machine] = useState(() => confirmEmailMachine.provide({ actors: { confirmEmail } }));
  const actorRef = useActorRef(machine, { input: { token } });
  return <ConfirmView actorRef={actorRef} renderLink={renderConfirmLink} />;
}

export const confirmPage = createLazyRoute('/landing/confirm')({ component: ConfirmRoute });

import { getRouteApi, Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { confirmEmail } from '../api/actors';
import { confirmEmailMachine } from '../machines/confirmEmail/confirmEmail.machine';
import { ConfirmView } from '../ui/confirm/ConfirmView';
import type { ConfirmLinkTarget } from '../ui/confirm/types';

/** The /confirm route (routes/landing.tsx), read here so this file loads only with the page. */
const confirmRouteApi = getRouteApi('/landing/confirm');

const CONFIRM_LINKS = { register: '/register', login: '/login' } as const;
const renderConfirmLink = (target: ConfirmLinkTarget, children: ReactNode) => (
  <Link to={CONFIRM_LINKS[target]}>{children}</Link>
);

/**
 * spec 2 Confirm: the token query parameter is confirmed on load. Loaded lazily (few visitors see this page, and
 * /login's first load must not carry it).
 */
export function ConfirmRoute() {
  const { token } = confirmRouteApi.useSearch();
  const [machine] = useState(() => confirmEmailMachine.provide({ actors: { confirmEmail } }));
  const actorRef = useActorRef(machine, { input: { token } });
  return <ConfirmView actorRef={actorRef} renderLink={renderConfirmLink} />;
}

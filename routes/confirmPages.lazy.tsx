import { createLazyRoute, Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { confirmEmail } from '../api/actors';
import { confirmEmailMachine } from '../machines/confirmEmail/confirmEmail.machine';
import { ConfirmView } from '../ui/confirm/ConfirmView';
import type { ConfirmLinkTarget } from '../ui/confirm/types';
import { useSignedInProfile } from './carried/signedIn';

const CONFIRM_LINKS = { register: '/register', login: '/login', me: '/me' } as const;
const renderConfirmLink = (target: ConfirmLinkTarget, children: ReactNode) => (
  <Link to={CONFIRM_LINKS[target]}>{children}</Link>
);

/** spec 2 Confirm: the token query parameter is confirmed on load. */
function ConfirmRoute() {
  const { token } = confirmPage.useSearch();
  const [machine] = useState(() => confirmEmailMachine.provide({ actors: { confirmEmail } }));
  const actorRef = useActorRef(machine, { input: { token } });
  // A visitor signed in already is told so and sent on to /me, not asked to log in (asked after the page is drawn).
  const signedInAs = useSignedInProfile()?.email;
  return <ConfirmView actorRef={actorRef} renderLink={renderConfirmLink} signedInAs={signedInAs} />;
}

export const confirmPage = createLazyRoute('/landing/confirm')({ component: ConfirmRoute });

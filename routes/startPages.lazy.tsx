import { createLazyRoute, Link, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { checkCompanyId } from '../api/actors';
import { startByCompanyIdMachine } from '../machines/startByCompanyId/startByCompanyId.machine';
import { StartView } from '../ui/start/StartView';
import type { StartLinkTarget } from '../ui/start/types';
import { footerLinks } from './footerLinks';
import { readStoredStart, startStorageActions } from './startStorage';

const START_LINKS = { login: '/login' } as const;
const renderStartLink = (target: StartLinkTarget, children: ReactNode) => (
  <Link to={START_LINKS[target]}>{children}</Link>
);

/**
 * spec 2 Start: the stepper, with the stored fields (spec 3) as it starts. A new visit of /start while already
 * on it (a link to it followed again) is an entry too: back to step 0, the fields kept.
 */
function StartRoute() {
  const [machine] = useState(() =>
    startByCompanyIdMachine.provide({ actors: { checkCompanyId }, actions: startStorageActions() }),
  );
  const [input] = useState(() => ({ stored: readStoredStart() }));
  const actorRef = useActorRef(machine, { input });
  const entry = useRouterState({ select: (state) => state.location.state.__TSR_key });
  const firstEntry = useRef(entry);
  useEffect(() => {
    if (entry !== firstEntry.current) actorRef.send({ type: 'reset', clear: false });
  }, [actorRef, entry]);
  const { site } = startPage.useRouteContext();
  const { terms, privacy } = footerLinks(site);
  return <StartView actorRef={actorRef} renderLink={renderStartLink} termsLinks={{ terms, privacy }} />;
}

export const startPage = createLazyRoute('/landing/start')({ component: StartRoute });

import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { startByCompanyIdMachine } from '../../machines/startByCompanyId/startByCompanyId.machine';

export type StartActorRef = ActorRefFrom<typeof startByCompanyIdMachine>;

/** spec 2 Start: the pages the stepper links to. */
export type StartLinkTarget = 'login';

/** Renders a link to another page: the route passes the router's Link, tests a plain anchor (ARCHITECTURE.md 2). */
export type RenderStartLink = (target: StartLinkTarget, children: ReactNode) => ReactNode;

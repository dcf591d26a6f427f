import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../machines/login/login.machine';

/** The running login machine, as every part of the login screen receives it. */
export type LoginActorRef = ActorRefFrom<typeof loginMachine>;

/** spec 2 Login: the pages the login screen links to. */
export type LoginLinkTarget = 'forgotPassword' | 'register' | 'start';

/**
 * Renders a link to another page. Views do not know the routes (ARCHITECTURE.md 2): the route passes the
 * router's Link, tests a plain anchor.
 */
export type RenderLink = (target: LoginLinkTarget, children: ReactNode) => ReactNode;

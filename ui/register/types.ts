import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { invitationSignUpMachine } from '../../machines/invitationSignUp/invitationSignUp.machine';

export type InvitationSignUpActorRef = ActorRefFrom<typeof invitationSignUpMachine>;

/** spec 2 Register: the pages the sign-up screens link to (login; the curator sign-up from the invalid-token page). */
export type SignUpLinkTarget = 'login' | 'register';

/** Renders a link to another page: the route passes the router's Link, tests a plain anchor (ARCHITECTURE.md 2). */
export type RenderSignUpLink = (target: SignUpLinkTarget, children: ReactNode) => ReactNode;

import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { confirmEmailMachine } from '../../machines/confirmEmail/confirmEmail.machine';

/** The running confirmation machine, as the confirmation screen receives it. */
export type ConfirmEmailActorRef = ActorRefFrom<typeof confirmEmailMachine>;

/**
 * spec 2 Confirm: the pages the confirmation screen links to (error page: register and login; success: login, or
 * the account page for a visitor who is signed in already).
 */
export type ConfirmLinkTarget = 'register' | 'login' | 'me';

/** Renders a link to another page. Views do not know the routes (ARCHITECTURE.md 2): the route passes Link. */
export type RenderConfirmLink = (target: ConfirmLinkTarget, children: ReactNode) => ReactNode;

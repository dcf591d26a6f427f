import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { forgotPasswordMachine } from '../../machines/forgotPassword/forgotPassword.machine';
import type { setPasswordMachine } from '../../machines/setPassword/setPassword.machine';

export type ForgotPasswordActorRef = ActorRefFrom<typeof forgotPasswordMachine>;
export type SetPasswordActorRef = ActorRefFrom<typeof setPasswordMachine>;

/**
 * spec 2 Forgot password, Set new password: the pages these screens link to. `forgotPassword` and
 * `forgotPasswordMagic` are the two variants (the route maps them to the branded or no-brand pages).
 */
export type PasswordLinkTarget = 'login' | 'forgotPassword' | 'forgotPasswordMagic';

/** Renders a link to another page: the route passes the router's Link, tests a plain anchor (ARCHITECTURE.md 2). */
export type RenderPasswordLink = (target: PasswordLinkTarget, children: ReactNode) => ReactNode;

import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { magicLinkMachine } from '../../machines/magicLink/magicLink.machine';

/** The running magic-link machine, as the magic-link screen receives it. */
export type MagicLinkActorRef = ActorRefFrom<typeof magicLinkMachine>;

/** The pages a failed magic link points to: ask for a new link, or log in with a password. */
export type MagicLinkLinkTarget = 'forgotPasswordMagic' | 'login';

/** Renders a link to another page. Views do not know the routes (ARCHITECTURE.md 2): the route passes Link. */
export type RenderMagicLinkLink = (target: MagicLinkLinkTarget, children: ReactNode) => ReactNode;

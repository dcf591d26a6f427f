import { Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { exchangeMagicLink } from '../api/actors';
import { magicLinkMachine } from '../machines/magicLink/magicLink.machine';
import { MagicLinkView } from '../ui/magicLink/MagicLinkView';
import type { MagicLinkLinkTarget } from '../ui/magicLink/types';
import { LandingFrame } from './landingFrame';
import { FALLBACK_TARGET, safeNext, targetHref } from './site/safeRedirect';
import type { SiteEnv } from './site/siteEnv';

const MAGIC_LINK_LINKS = { forgotPasswordMagic: '/forgot_password_magic', login: '/login' } as const;
const renderMagicLinkLink = (target: MagicLinkLinkTarget, children: ReactNode) => (
  <Link to={MAGIC_LINK_LINKS[target]}>{children}</Link>
);

/**
 * Where the page goes once the magic link gave a session: a checked target (docs/decisions/security.md: Redirect targets: only this site or the
 * platform), else /me. Always a whole-page load: /me without the token, so its guard sees the new session.
 */
export function magicLinkTarget(target: string | null, site: SiteEnv): string {
  return targetHref(target === null ? FALLBACK_TARGET : safeNext(target, site), site);
}

export interface MagicLinkRouteProps {
  token: string;
  redirect: string | undefined;
  site: SiteEnv;
}

/** spec 2 /me?magicLinkToken: the exchange, then the page moves on (routes/account.tsx shows this instead of /me). */
export function MagicLinkRoute({ token, redirect, site }: MagicLinkRouteProps) {
  const [machine] = useState(() =>
    magicLinkMachine.provide({
      actors: { exchangeMagicLink },
      actions: { continueTo: (_, { target }) => window.location.assign(magicLinkTarget(target, site)) },
    }),
  );
  const actorRef = useActorRef(machine, { input: { token, redirect } });
  return (
    <LandingFrame>
      <MagicLinkView actorRef={actorRef} renderLink={renderMagicLinkLink} />
    </LandingFrame>
  );
}

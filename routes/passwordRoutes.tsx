import { getRouteApi, Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';
import { checkResetToken, forgotPassword, setNewPassword } from '../api/actors';
import { forgotPasswordMachine } from '../machines/forgotPassword/forgotPassword.machine';
import type { ForgotPasswordVariant } from '../machines/forgotPassword/forgotPassword.types';
import { setPasswordMachine } from '../machines/setPassword/setPassword.machine';
import { StandalonePage } from '../ui/pages/StandalonePage';
import { ForgotPasswordView } from '../ui/password/ForgotPasswordView';
import { SetPasswordView } from '../ui/password/SetPasswordView';
import type { PasswordLinkTarget } from '../ui/password/types';

/**
 * The password-recovery pages (spec 2 Forgot password, Set new password), loaded lazily from routes/landing.tsx
 * and routes/standalone.tsx: few visitors see them, and /login's first load must not carry them.
 */

type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;

/**
 * spec 4 Forgot password: the e-mail survives a move between the two forgot-password pages and nothing else.
 * Each page is its own route (and component), so one actor outlives them: created by the first forgot-password
 * page shown, kept while the app runs, and told every location change by the pages (`route.change`), so the
 * machine itself resets loading, error and success, and clears the e-mail when the visitor goes elsewhere.
 */
let sharedForgotPasswordActor: ForgotPasswordActor | undefined;

function useForgotPasswordActor(variant: ForgotPasswordVariant): ForgotPasswordActor {
  const [actorRef] = useState(() => {
    sharedForgotPasswordActor ??= createActor(forgotPasswordMachine.provide({ actors: { forgotPassword } }), {
      input: { variant },
    }).start();
    return sharedForgotPasswordActor;
  });
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    actorRef.send({ type: 'route.change', path: pathname });
  }, [actorRef, pathname]);
  // Leaving the page: by now the router's location is the next page's, which decides whether the e-mail stays.
  useEffect(
    () => () => actorRef.send({ type: 'route.change', path: router.state.location.pathname }),
    [actorRef, router],
  );
  return actorRef;
}

const BRANDED_LINKS = {
  login: '/login',
  forgotPassword: '/forgot_password',
  forgotPasswordMagic: '/forgot_password_magic',
} as const satisfies Record<PasswordLinkTarget, string>;
/** The no-brand pages link to each other, not to the branded ones. */
const NO_BRAND_LINKS = {
  login: '/login',
  forgotPassword: '/auth/forgot_password/nobrand',
  forgotPasswordMagic: '/auth/forgot_password_magic/nobrand',
} as const satisfies Record<PasswordLinkTarget, string>;

const linkRenderer =
  (links: Record<PasswordLinkTarget, string>) => (target: PasswordLinkTarget, children: ReactNode) => (
    <Link to={links[target]}>{children}</Link>
  );
const renderBrandedLink = linkRenderer(BRANDED_LINKS);
const renderNoBrandLink = linkRenderer(NO_BRAND_LINKS);

function ForgotPasswordPage({ variant, brand }: { variant: ForgotPasswordVariant; brand: boolean }) {
  const actorRef = useForgotPasswordActor(variant);
  const view = (
    <ForgotPasswordView actorRef={actorRef} renderLink={brand ? renderBrandedLink : renderNoBrandLink} />
  );
  // spec 2: the no-brand variants show the same without branding (outside the landing layout).
  return brand ? view : <StandalonePage>{view}</StandalonePage>;
}

/** /forgot_password */
export const ForgotPasswordRoute = () => <ForgotPasswordPage variant="link" brand />;
/** /forgot_password_magic */
export const ForgotPasswordMagicRoute = () => <ForgotPasswordPage variant="magicLink" brand />;
/** /auth/forgot_password/nobrand */
export const ForgotPasswordNoBrandRoute = () => <ForgotPasswordPage variant="link" brand={false} />;
/** /auth/forgot_password_magic/nobrand */
export const ForgotPasswordMagicNoBrandRoute = () => <ForgotPasswordPage variant="magicLink" brand={false} />;

/** The /forgot_password_set route (routes/landing.tsx), read here so this file loads only with the page. */
const setPasswordRouteApi = getRouteApi('/landing/forgot_password_set');

/** spec 2 Set new password: /forgot_password_set?token= ; the token is checked on load. */
export function SetPasswordRoute() {
  const { token } = setPasswordRouteApi.useSearch();
  const [machine] = useState(() =>
    setPasswordMachine.provide({ actors: { checkResetToken, setNewPassword } }),
  );
  const actorRef = useActorRef(machine, { input: { token: token ?? '' } });
  return <SetPasswordView actorRef={actorRef} renderLink={renderBrandedLink} />;
}

import { createLazyRoute, Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { createActorContext, useActorRef } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  checkResetToken,
  finishRecoveryReview,
  forgotPassword,
  getRecoveryReview,
  keepRecoveryPasskey,
  removeRecoveryAuthenticator,
  removeRecoveryPasskey,
  setNewPassword,
} from '../api/actors';
import { forgotPasswordMachine } from '../machines/forgotPassword/forgotPassword.machine';
import { variantOfPath } from '../machines/forgotPassword/forgotPassword.rules';
import { recoveryReviewMachine } from '../machines/recoveryReview/recoveryReview.machine';
import { resendBy } from '../machines/resend/resend.machine';
import { setPasswordMachine } from '../machines/setPassword/setPassword.machine';
import { StandalonePage } from '../ui/pages/StandalonePage';
import { ForgotPasswordView } from '../ui/password/ForgotPasswordView';
import { SetPasswordView } from '../ui/password/SetPasswordView';
import type { PasswordLinkTarget } from '../ui/password/types';
import { postedTo } from './carried/postedForm';

/** The password-recovery screens of routes/passwordRoutes.tsx. */

/** The one forgot-password actor of a pair of pages; its Provider is mounted by the pair's parent route. */
const ForgotPasswordActor = createActorContext(forgotPasswordMachine);

/**
 * The pair's parent: the actor lives while the visitor stays on the pair's pages. Every location change is told
 * to the machine (`route.change`), which resets loading, error and success and applies the page's variant.
 */
function ForgotPasswordGroup() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // 'Forgot your password?' on the login page brings the e-mail typed there (routes/carried/loginEmail.ts).
  const loginEmail = useRouterState({ select: (state) => state.location.state.loginEmail });
  // The server's answer to the page's own form post, when the page is one (docs/decisions/product.md: Forms that work
  // before their scripts): the typed e-mail, and the refusal or the word that the mail went out.
  const posted = postedTo(useRouter().options.context.posted);
  const [logic] = useState(() =>
    forgotPasswordMachine.provide({ actors: { forgotPassword, resendMail: resendBy(forgotPassword) } }),
  );
  return (
    <ForgotPasswordActor.Provider
      logic={logic}
      options={{
        input: {
          variant: variantOfPath(pathname) ?? 'link',
          email: posted?.email ?? loginEmail,
          ...(posted?.refused ? { refused: posted.refused } : {}),
        },
      }}
    >
      <RouteChanges pathname={pathname} />
      <Outlet />
    </ForgotPasswordActor.Provider>
  );
}

/** Tells the machine of every move to another page after the first (the page it started on is its input). */
function RouteChanges({ pathname }: { pathname: string }) {
  const actorRef = ForgotPasswordActor.useActorRef();
  const [startedOn] = useState(pathname);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current && pathname === startedOn) return;
    moved.current = true;
    actorRef.send({ type: 'route.change', path: pathname });
  }, [actorRef, pathname, startedOn]);
  return null;
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

/**
 * Links of the pair. 'Back to login' carries nothing: spec 4 clears the forgot-password e-mail unless the new page
 * is a forgot-password page (docs/decisions/product.md: The forgot-password e-mail stays on its two pages).
 */
const linkRenderer =
  (links: Record<PasswordLinkTarget, string>) => (target: PasswordLinkTarget, children: ReactNode) => (
    <Link to={links[target]}>{children}</Link>
  );
const renderBrandedLink = linkRenderer(BRANDED_LINKS);

function ForgotPasswordPage({ brand }: { brand: boolean }) {
  const actorRef = ForgotPasswordActor.useActorRef();
  // The page answers its own form post with the mail sent: it says so above the form (kept for the page's life).
  const { posted } = useRouter().options.context;
  const [sentByPage] = useState(() => {
    const start = postedTo(posted);
    return start?.sent ? start.email : undefined;
  });
  const view = (
    <ForgotPasswordView
      actorRef={actorRef}
      renderLink={linkRenderer(brand ? BRANDED_LINKS : NO_BRAND_LINKS)}
      sentByPage={sentByPage}
    />
  );
  // spec 2: the no-brand variants show the same without branding (outside the landing layout).
  return brand ? view : <StandalonePage>{view}</StandalonePage>;
}

const BrandedPage = () => <ForgotPasswordPage brand />;
const NoBrandPage = () => <ForgotPasswordPage brand={false} />;

export const forgotPasswordGroup = createLazyRoute('/landing/forgotPassword')({
  component: ForgotPasswordGroup,
});
export const forgotPasswordPage = createLazyRoute('/landing/forgotPassword/forgot_password')({
  component: BrandedPage,
});
export const forgotPasswordMagicPage = createLazyRoute('/landing/forgotPassword/forgot_password_magic')({
  component: BrandedPage,
});
export const forgotPasswordNoBrandGroup = createLazyRoute('/forgotPasswordNoBrand')({
  component: ForgotPasswordGroup,
});
export const forgotPasswordNoBrandPage = createLazyRoute(
  '/forgotPasswordNoBrand/auth/forgot_password/nobrand',
)({
  component: NoBrandPage,
});
export const forgotPasswordMagicNoBrandPage = createLazyRoute(
  '/forgotPasswordNoBrand/auth/forgot_password_magic/nobrand',
)({ component: NoBrandPage });

/** spec 2 Set new password: the token is checked on load. */
function SetPasswordRoute() {
  const { token } = setPasswordPage.useSearch();
  const [machine] = useState(() =>
    setPasswordMachine.provide({
      actors: {
        checkResetToken,
        setNewPassword,
        // The review of the ways in that follows (docs/decisions/security.md: Recovery review).
        recoveryReview: recoveryReviewMachine.provide({
          actors: {
            getReview: getRecoveryReview,
            keepPasskey: keepRecoveryPasskey,
            removePasskey: removeRecoveryPasskey,
            removeAuthenticator: removeRecoveryAuthenticator,
            finish: finishRecoveryReview,
          },
        }),
      },
    }),
  );
  const actorRef = useActorRef(machine, { input: { token: token ?? '' } });
  return <SetPasswordView actorRef={actorRef} renderLink={renderBrandedLink} />;
}

export const setPasswordPage = createLazyRoute('/landing/forgot_password_set')({
  component: SetPasswordRoute,
});

import { msg } from '@lingui/core/macro';
import { createRoute, Link, lazyRouteComponent, Outlet, useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { login } from '../api/actors';
import { loginAsVerify, loginMachine } from '../machines/login/login.machine';
import { twoFactorSetupMachine } from '../machines/twoFactorSetup/twoFactorSetup.machine';
import { LandingLayout, Loader } from '../ui/components';
import type { IdpLinkTarget } from '../ui/idp/IdpErrorPage';
import type { IdentityProviderName } from '../ui/idp/providers';
import { LoginView } from '../ui/login/LoginView';
import type { LoginLinkTarget } from '../ui/login/types';
import { canCopyText, twoFactorSetupBrowserEffects } from '../ui/twoFactor/browserEffects';
import { comingSoon } from './comingSoon';
import { guardLogin } from './guards';
import { rootRoute } from './root';
import { FALLBACK_TARGET, publicPath, safeNext, targetHref } from './safeRedirect';
import { IdpErrorSearch, LoginSearch, TokenSearch } from './search';
import type { SiteEnv } from './siteEnv';

/** spec 2: the shared landing layout (logo header, centred card, footer) around the sign-in and sign-up flows. */
function LandingLayoutRoute() {
  const { site } = landingLayoutRoute.useRouteContext();
  return (
    <LandingLayout
      homeHref={site.basePath}
      footerLinks={{ privacy: publicPath('/privacy', site), terms: publicPath('/terms-of-service', site) }}
    >
      <Outlet />
    </LandingLayout>
  );
}

export const landingLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'landing',
  component: LandingLayoutRoute,
});

const inLayout = { getParentRoute: () => landingLayoutRoute } as const;

const LOGIN_LINKS = { forgotPassword: '/forgot_password', register: '/register', start: '/start' } as const;
const renderLoginLink = (target: LoginLinkTarget, children: ReactNode) => (
  <Link to={LOGIN_LINKS[target]}>{children}</Link>
);

/**
 * spec 2 Login: after success the whole page goes to the server-given redirectUrl, else to the `next` the
 * visitor was sent here with (the page they asked for), else to /me. Every target passes the open-redirect check
 * (DECISIONS.md); a refused one goes to /me.
 */
export function loginTarget(redirectUrl: string | null, next: string | undefined, site: SiteEnv): string {
  const wanted = redirectUrl ?? next;
  return targetHref(wanted === undefined ? FALLBACK_TARGET : safeNext(wanted, site), site);
}

/**
 * The login screen. Its machine gets the real login call, and the two-factor setup whose VERIFY & SAVE is that
 * same call: the login machine hands the setup { email, password } as verifyWith, the setup adds the code.
 */
function LoginRoute() {
  const { site } = loginRoute.useRouteContext();
  const { next } = loginRoute.useSearch();
  const [machine] = useState(() =>
    loginMachine.provide({
      actors: {
        login,
        twoFactorSetup: twoFactorSetupMachine.provide({
          ...twoFactorSetupBrowserEffects,
          actors: { ...twoFactorSetupBrowserEffects.actors, verify: loginAsVerify(login) },
        }),
      },
      actions: {
        redirect: (_, { redirectUrl }) => window.location.assign(loginTarget(redirectUrl, next, site)),
      },
    }),
  );
  const actorRef = useActorRef(machine, { input: { canCopy: canCopyText() } });
  return <LoginView actorRef={actorRef} renderLink={renderLoginLink} />;
}

export const loginRoute = createRoute({
  ...inLayout,
  path: '/login',
  validateSearch: LoginSearch,
  beforeLoad: ({ search, context }) => guardLogin({ search, context }),
  component: LoginRoute,
});

/** Rarely visited pages: their code loads with them, not with everybody's first page (scripts/size.ts). */
const IdpSuccessPage = lazy(() =>
  import('../ui/idp/IdpSuccessPage').then((module) => ({ default: module.IdpSuccessPage })),
);
const IdpErrorPage = lazy(() =>
  import('../ui/idp/IdpErrorPage').then((module) => ({ default: module.IdpErrorPage })),
);

/** spec 2 Identity-provider pages: success waits a second on a loader, then the account page. */
function idpSuccess(provider: IdentityProviderName) {
  function IdpSuccessRoute() {
    const navigate = useNavigate();
    return (
      <Suspense fallback={<Loader />}>
        <IdpSuccessPage provider={provider} onElapsed={() => navigate({ to: '/me', replace: true })} />
      </Suspense>
    );
  }
  return IdpSuccessRoute;
}

const IDP_LINKS = { login: '/login', register: '/register' } as const;
const renderIdpLink = (target: IdpLinkTarget, children: ReactNode) => (
  <Link to={IDP_LINKS[target]}>{children}</Link>
);

/** spec 2 Identity-provider pages: the error page for the `type` query parameter, one per provider. */
function AzureErrorRoute() {
  const { type } = azureErrorRoute.useSearch();
  return (
    <Suspense fallback={<Loader />}>
      <IdpErrorPage provider="azure" type={type} renderLink={renderIdpLink} />
    </Suspense>
  );
}
function OktaErrorRoute() {
  const { type } = oktaErrorRoute.useSearch();
  return (
    <Suspense fallback={<Loader />}>
      <IdpErrorPage provider="okta" type={type} renderLink={renderIdpLink} />
    </Suspense>
  );
}

export const forgotPasswordRoute = createRoute({
  ...inLayout,
  path: '/forgot_password',
  component: lazyRouteComponent(() => import('./passwordRoutes'), 'ForgotPasswordRoute'),
});

export const forgotPasswordMagicRoute = createRoute({
  ...inLayout,
  path: '/forgot_password_magic',
  component: lazyRouteComponent(() => import('./passwordRoutes'), 'ForgotPasswordMagicRoute'),
});

export const forgotPasswordSetRoute = createRoute({
  ...inLayout,
  path: '/forgot_password_set',
  validateSearch: TokenSearch,
  component: lazyRouteComponent(() => import('./passwordRoutes'), 'SetPasswordRoute'),
});

export const registerRoute = createRoute({
  ...inLayout,
  path: '/register',
  validateSearch: TokenSearch,
  component: comingSoon(msg`Sign up`),
});

export const startRoute = createRoute({
  ...inLayout,
  path: '/start',
  component: comingSoon(msg`Sign up with your company ID`),
});

export const confirmRoute = createRoute({
  ...inLayout,
  path: '/confirm',
  validateSearch: TokenSearch,
  // Its own chunk (routes/confirmRoutes.tsx): /login's first load does not carry it.
  component: lazyRouteComponent(() => import('./confirmRoutes'), 'ConfirmRoute'),
});

export const azureSuccessRoute = createRoute({
  ...inLayout,
  path: '/auth/azure/success',
  component: idpSuccess('azure'),
});

export const azureErrorRoute = createRoute({
  ...inLayout,
  path: '/auth/azure/error',
  validateSearch: IdpErrorSearch,
  component: AzureErrorRoute,
});

export const oktaSuccessRoute = createRoute({
  ...inLayout,
  path: '/auth/okta/success',
  component: idpSuccess('okta'),
});

export const oktaErrorRoute = createRoute({
  ...inLayout,
  path: '/auth/okta/error',
  validateSearch: IdpErrorSearch,
  component: OktaErrorRoute,
});

export const landingRoutes = landingLayoutRoute.addChildren([
  loginRoute,
  forgotPasswordRoute,
  forgotPasswordMagicRoute,
  forgotPasswordSetRoute,
  registerRoute,
  startRoute,
  confirmRoute,
  azureSuccessRoute,
  azureErrorRoute,
  oktaSuccessRoute,
  oktaErrorRoute,
]);

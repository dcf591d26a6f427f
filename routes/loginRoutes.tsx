import { createRoute, Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import {
  askBrowserForPasskey,
  autofillPasskey,
  detectPasskeySupport,
  login,
  loginAsVerify,
  verifyPasskey,
} from '../api/actors';
import { loginMachine } from '../machines/login/login.machine';
import { passkeySignInMachine } from '../machines/passkeySignIn/passkeySignIn.machine';
import { twoFactorSetupMachine } from '../machines/twoFactorSetup/twoFactorSetup.machine';
import { LoginNotice } from '../ui/login/LoginNotice';
import { LoginView } from '../ui/login/LoginView';
import { PasskeySignIn } from '../ui/login/PasskeySignIn';
import type { LoginLinkTarget } from '../ui/login/types';
import { canCopyText, twoFactorSetupBrowserEffects } from '../ui/twoFactor/browserEffects';
import { withLoginEmail } from './carried/loginEmail';
import { postedTo } from './carried/postedForm';
import { SignedInOffer } from './carried/signedIn';
import { guardLogin } from './guards';
import { inLayout } from './landingLayout';
import { LoginSearch } from './search/search';
import { contactEmail } from './site/contactEmail';
import { FALLBACK_TARGET, safeNext, targetHref } from './site/safeRedirect';
import { rememberedDeviceDaysOf, type SiteEnv } from './site/siteEnv';

/**
 * spec 2 Login. The one screen that is not lazy: it is the site's most visited first page, so its code is the
 * first load (scripts/size.ts holds it to the budget).
 */

const LOGIN_LINKS = { forgotPassword: '/forgot_password', register: '/register', start: '/start' } as const;
/** Links of the login page; 'Forgot your password?' carries the e-mail typed so far (routes/carried/loginEmail.ts). */
const loginLinkRenderer = (emailNow: () => string) => (target: LoginLinkTarget, children: ReactNode) => (
  <Link to={LOGIN_LINKS[target]} state={target === 'forgotPassword' ? withLoginEmail(emailNow()) : undefined}>
    {children}
  </Link>
);

/**
 * spec 2 Login: after success the whole page goes to the server-given redirectUrl, else to the `next` the
 * visitor was sent here with (the page they asked for), else to /me. Every target passes the open-redirect check
 * (docs/decisions/README.md); a refused one goes to /me.
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
  const { site, posted: pagePosted } = loginRoute.useRouteContext();
  const { next, organisation, organisationError, notice } = loginRoute.useSearch();
  const [machine] = useState(() =>
    loginMachine.provide({
      actors: {
        login,
        twoFactorSetup: twoFactorSetupMachine.provide({
          ...twoFactorSetupBrowserEffects,
          actors: { ...twoFactorSetupBrowserEffects.actors, verify: loginAsVerify },
        }),
      },
      actions: {
        redirect: (_, { redirectUrl }) => window.location.assign(loginTarget(redirectUrl, next, site)),
      },
    }),
  );
  // The server's answer to this page's own form post, when the page is one (docs/decisions/product.md: Forms that
  // work before their scripts): the typed e-mail, and the refusal or the word that a code is needed.
  const posted = postedTo(pagePosted);
  const actorRef = useActorRef(machine, {
    input: {
      canCopy: canCopyText(),
      email: posted?.email,
      ...(posted?.refused ? { refused: posted.refused } : {}),
    },
  });
  // The passkey sign-in: its ceremonies are the browser's (lazy), its success goes where a password login goes.
  const [passkeyMachine] = useState(() =>
    passkeySignInMachine.provide({
      actors: {
        detectSupport: detectPasskeySupport,
        autofill: autofillPasskey,
        askBrowser: askBrowserForPasskey,
        verify: verifyPasskey,
      },
      actions: {
        signedIn: (_, { redirectUrl }) => window.location.assign(loginTarget(redirectUrl, next, site)),
      },
    }),
  );
  const passkeyRef = useActorRef(passkeyMachine);
  const renderLink = loginLinkRenderer(() => actorRef.getSnapshot().context.email);
  return (
    <>
      {/* With `next`, the guard has already sent a signed-in visitor on (spec 2 Login). */}
      {next === undefined ? <SignedInOffer /> : null}
      {notice || posted?.codeNeeded ? <LoginNotice notice={notice ?? 'codeNeedsScripts'} /> : null}
      <LoginView
        actorRef={actorRef}
        renderLink={renderLink}
        contactEmail={contactEmail(site)}
        organisation={{ organisation, organisationError }}
        passkey={<PasskeySignIn actorRef={passkeyRef} />}
        // The server's first screen is the password form: the box (a code form's) is drawn by the browser alone.
        rememberDays={typeof document === 'undefined' ? undefined : rememberedDeviceDaysOf(document)}
      />
    </>
  );
}

export const loginRoute = createRoute({
  ...inLayout,
  path: '/login',
  validateSearch: LoginSearch,
  beforeLoad: ({ search, context }) => guardLogin({ search, context }),
  component: LoginRoute,
});

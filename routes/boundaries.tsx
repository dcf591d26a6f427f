import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { buttonClassName, ErrorPage, Loader } from '../ui/components';
import { usePageTitle } from '../ui/components/usePageTitle';
import { NotFoundPage } from '../ui/pages/NotFoundPage';
import { StandalonePage } from '../ui/pages/StandalonePage';
import { LandingFrame } from './landingFrame';

/**
 * What the router shows for a route's error, pending and not-found states. They all render below the root
 * component, so inside its LanguageGate: their texts are translated.
 */

/** spec 2: 'Sorry, something went wrong', with a retry that runs the route's loading again. */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  usePageTitle(msg`Sorry, something went wrong`);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return <ErrorPage onRetry={retry} />;
}

/** RouteError for routes outside the landing layout, which need their own <main>. */
export function StandaloneRouteError(props: ErrorComponentProps) {
  return (
    <StandalonePage>
      <RouteError {...props} />
    </StandalonePage>
  );
}

/** spec 2: the bouncing-logo loader, shown only when a route takes longer than the router's pending delay. */
export function RoutePending() {
  return <Loader fullPage />;
}

/**
 * Any address the site does not know, in the landing frame (logo home link and footer: no dead end); the way on
 * is the account page (which sends strangers to login).
 */
export function RouteNotFound() {
  return (
    <LandingFrame>
      <NotFoundPage
        homeLink={
          <Link to="/me" className={buttonClassName()}>
            <Trans>Go to your account</Trans>
          </Link>
        }
      />
    </LandingFrame>
  );
}

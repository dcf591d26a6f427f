import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { ReactNode } from 'react';
import { idpSuccessMachine } from '../machines/idpSuccess/idpSuccess.machine';
import { IdpErrorPage, type IdpLinkTarget } from '../ui/idp/IdpErrorPage';
import { IdpSuccessPage } from '../ui/idp/IdpSuccessPage';
import type { IdentityProviderName } from '../ui/idp/providers';

/** The identity-provider screens (routes/idpRoutes.tsx): few visitors see them, so they load with the page. */

/** spec 2 Identity-provider pages: success waits a second on a loader, then the account page. */
function idpSuccess(provider: IdentityProviderName) {
  function IdpSuccessRoute() {
    const navigate = useNavigate();
    // The route owns the actor: leaving the page stops it, and with it the timer.
    useActorRef(
      idpSuccessMachine.provide({
        actions: { continueToMe: () => void navigate({ to: '/me', replace: true }) },
      }),
    );
    return <IdpSuccessPage provider={provider} />;
  }
  return IdpSuccessRoute;
}

const IDP_LINKS = { login: '/login', register: '/register' } as const;
const renderIdpLink = (target: IdpLinkTarget, children: ReactNode) => (
  <Link to={IDP_LINKS[target]}>{children}</Link>
);

export const azureSuccessPage = createLazyRoute('/landing/auth/azure/success')({
  component: idpSuccess('azure'),
});

export const oktaSuccessPage = createLazyRoute('/landing/auth/okta/success')({
  component: idpSuccess('okta'),
});

/** spec 2 Identity-provider pages: the error page for the `type` query parameter. */
export const azureErrorPage = createLazyRoute('/landing/auth/azure/error')({
  component: function AzureErrorRoute() {
    const { type } = azureErrorPage.useSearch();
    return <IdpErrorPage provider="azure" type={type} renderLink={renderIdpLink} />;
  },
});

export const oktaErrorPage = createLazyRoute('/landing/auth/okta/error')({
  component: function OktaErrorRoute() {
    const { type } = oktaErrorPage.useSearch();
    return <IdpErrorPage provider="okta" type={type} renderLink={renderIdpLink} />;
  },
});

import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import './OrganisationSignIn.css';
import { ORGANISATION_SUBDOMAIN_MAX } from '../../api/contract/limits';
import { IDP_ORGANISATION_START_PATH } from '../../api/contract/paths';

/**
 * spec 1 identity providers: the quiet 'Sign in with your organisation' entry under the login form. A plain GET
 * form, a whole-page navigation: the server finds the provider the organisation has set and answers a page of our
 * own that moves the browser on there (CSP form-action 'self' would block a redirect chain to the provider's
 * origin: docs/decisions.md), or sends it to the error page that says the organisation has none (spec 8). Opened
 * already when the page was reached with ?organisation=.
 */
export function OrganisationSignIn() {
  const inputId = useId();
  // On the server (routes/firstScreen.tsx) there is no search: first screens are drawn only for addresses without.
  const search = typeof window === 'undefined' ? '' : window.location.search;
  const given = new URLSearchParams(search).get('organisation') ?? '';
  return (
    <details className="organisation-sign-in" open={given !== ''}>
      <summary>
        <Trans>Sign in with your organisation</Trans>
      </summary>
      <form method="get" action={IDP_ORGANISATION_START_PATH} className="organisation-sign-in__form">
        <label htmlFor={inputId}>
          <Trans>Organisation</Trans>
        </label>
        <input
          id={inputId}
          name="organisation"
          type="text"
          required
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={ORGANISATION_SUBDOMAIN_MAX}
          defaultValue={given}
        />
        <button type="submit">
          <Trans>Continue</Trans>
        </button>
      </form>
    </details>
  );
}

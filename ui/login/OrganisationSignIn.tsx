import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import './OrganisationSignIn.css';
import { VALIDATION_CODES } from '../../api/contract/common';
import { ORGANISATION_SUBDOMAIN_MAX } from '../../api/contract/limits';
import { IDP_ORGANISATION_QUERY, IDP_ORGANISATION_START_PATH } from '../../api/contract/paths';
import { idpErrorMessage, validationMessage } from '../../i18n/errorMessages';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { focusField } from '../form/useFormFocus';

/** What the server sent the visitor back with (api/contract/paths.ts IDP_ORGANISATION_QUERY), read by the route. */
export interface OrganisationSentBack {
  organisation?: string;
  organisationError?: string;
}

/**
 * spec 1 identity providers: the quiet 'Sign in with your organisation' entry under the login form. A plain GET
 * form, a whole-page navigation: the server finds the provider the organisation has set and answers a page of our
 * own that moves the browser on there (CSP form-action 'self' would block a redirect chain to the provider's
 * origin: docs/decisions/README.md), or sends the browser back here with the spec 8 type, said under the field (an
 * unknown organisation is not a failed sign-in with any provider). Opened already when the page was reached with
 * ?organisation=. An empty field is refused here with the site's own message, not the browser's bubble.
 * The route passes both back from its validated search (routes/search/search.ts LoginSearch), never the raw address.
 */
export function OrganisationSignIn({ sentBack = {} }: { sentBack?: OrganisationSentBack }) {
  const { i18n, t } = useLingui();
  const given = sentBack.organisation ?? '';
  const refused = sentBack.organisationError;
  const [empty, setEmpty] = useState(false);
  const error = empty
    ? i18n._(validationMessage(VALIDATION_CODES.required))
    : refused
      ? i18n._(idpErrorMessage(refused))
      : undefined;
  return (
    <details className="organisation-sign-in" open={given !== '' || refused !== undefined}>
      <summary>
        <Trans>Sign in with your organisation</Trans>
      </summary>
      <form
        method="get"
        action={IDP_ORGANISATION_START_PATH}
        className="organisation-sign-in__form"
        noValidate
        onSubmit={(event) => {
          const field = event.currentTarget.elements.namedItem(IDP_ORGANISATION_QUERY.organisation);
          const isEmpty = field instanceof HTMLInputElement && field.value.trim() === '';
          setEmpty(isEmpty);
          if (isEmpty) {
            event.preventDefault();
            // The form kit's rule after a refused submit: the field to fix takes the focus.
            focusField(event.currentTarget, IDP_ORGANISATION_QUERY.organisation, { select: false });
          }
        }}
      >
        <TextField
          label={t`Organisation`}
          name={IDP_ORGANISATION_QUERY.organisation}
          required
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={ORGANISATION_SUBDOMAIN_MAX}
          defaultValue={given}
          error={error}
          onValueChange={() => setEmpty(false)}
        />
        <Button type="submit" variant="secondary">
          <Trans>Continue</Trans>
        </Button>
      </form>
    </details>
  );
}

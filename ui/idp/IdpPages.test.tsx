import { describe, expect, it } from 'vitest';
import { IDP_ERROR_TYPES } from '../../i18n/errorMessages';
import { renderUi } from '../components/testing';
import { IdpErrorPage } from './IdpErrorPage';
import { IdpSuccessPage } from './IdpSuccessPage';

describe('IdpSuccessPage (spec 2 Identity-provider pages)', () => {
  it('shows a loader under a heading that names the provider', () => {
    const { getByRole } = renderUi(<IdpSuccessPage provider="azure" />);
    expect(getByRole('status').textContent).toContain('Signing you in…');
    expect(getByRole('heading', { level: 1, name: 'Signed in with Azure' })).toBeTruthy();
  });
});

describe('IdpErrorPage (spec 2, spec 8 identity-provider error types)', () => {
  const renderError = (type: string | undefined) =>
    renderUi(
      <IdpErrorPage
        provider="okta"
        type={type}
        renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
      />,
    );
  const organisationMissing =
    "Organisation doesn't exist. Please make sure you are entering the organisation name correctly";

  it.each([
    [IDP_ERROR_TYPES.missingOrganisationCredentials, organisationMissing],
    [IDP_ERROR_TYPES.bannedUser, organisationMissing],
    [IDP_ERROR_TYPES.missingOrganisation, organisationMissing],
    [IDP_ERROR_TYPES.invalidAuthCode, 'OAuth provider returns error'],
    [IDP_ERROR_TYPES.noChannels, 'The user does not have access to any channels'],
    ['something_else', 'Unknown server error'],
    [undefined, 'Unknown server error'],
  ])('type %s: %s', (type, text) => {
    const { getByRole } = renderError(type);
    expect(getByRole('heading', { level: 1 }).textContent).toBe('Signing in with Okta did not work');
    expect(getByRole('alert').textContent).toBe(text);
  });

  it('links to login and register', () => {
    const { getByRole } = renderError(undefined);
    expect(getByRole('link', { name: 'Log in with your e-mail and password' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  });
});

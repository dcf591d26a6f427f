import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDP_ERROR_TYPES } from '../../i18n/errorMessages';
import { renderUi } from '../components/testing';
import { IdpErrorPage } from './IdpErrorPage';
import { IdpSuccessPage } from './IdpSuccessPage';

afterEach(() => vi.useRealTimers());

describe('IdpSuccessPage (spec 2 Identity-provider pages)', () => {
  it('shows a loader and goes on after 1 second, not before', () => {
    vi.useFakeTimers();
    const onElapsed = vi.fn();
    const { getByRole } = renderUi(<IdpSuccessPage provider="azure" onElapsed={onElapsed} />);
    expect(getByRole('status').textContent).toContain('Signing you in…');
    expect(getByRole('heading', { level: 1, name: 'Signed in with Azure' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(999));
    expect(onElapsed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onElapsed).toHaveBeenCalledOnce();
  });

  it('keeps one timer across re-renders and calls the latest callback', () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = renderUi(<IdpSuccessPage provider="okta" onElapsed={first} />);
    act(() => vi.advanceTimersByTime(600));
    rerender(<IdpSuccessPage provider="okta" onElapsed={latest} />);
    act(() => vi.advanceTimersByTime(400));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledOnce();
  });

  it('does not go on after leaving the page', () => {
    vi.useFakeTimers();
    const onElapsed = vi.fn();
    const { unmount } = renderUi(<IdpSuccessPage provider="azure" onElapsed={onElapsed} />);
    unmount();
    act(() => vi.advanceTimersByTime(5000));
    expect(onElapsed).not.toHaveBeenCalled();
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

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { LoginResult, MagicLinkInput } from '../api/contract/auth';
import type { ConfirmEmailInput, ConfirmResult } from '../api/contract/registration';
import { aProfile } from '../test/profileFixture';
import { magicLinkTarget } from './magicLink';
import { DEV_SITE, heading, href, renderAt } from './testing/testing';

const confirmCall = vi.fn<(input: ConfirmEmailInput) => Promise<ConfirmResult>>();
const exchangeCall = vi.fn<(input: MagicLinkInput) => Promise<LoginResult>>();
vi.mock('../api/profile', () => ({ getMe: vi.fn() }));
vi.mock('../api/auth', () => ({ logout: vi.fn() }));
// The organisation's branding the curator sign-up, /lit and /unicef ask for: offline, so they keep their own words.
vi.mock('../api/organisationBrand', async () => ({
  getOrganisationBrand: (await import('xstate')).fromPromise(async () =>
    Promise.reject(new Error('offline')),
  ),
}));
vi.mock('../api/actors', async () => ({
  // Every other actor answers as if offline (routes/testing/offlineActors.ts).
  ...(await import('./testing/offlineActors')).offlineActors(),
  // No WebAuthn in these tests: /login shows no passkey button (routes/loginRoutes.tsx).
  detectPasskeySupport: fromPromise(async () => ({ button: false, autofill: false })),
  autofillPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  askBrowserForPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  verifyPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  resendConfirmation: fromPromise(async () => Promise.reject(new Error('offline'))),
  // No translation server in tests: the gate falls back to the bundled catalog.
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  confirmEmail: fromPromise<ConfirmResult, ConfirmEmailInput>(({ input }) => confirmCall(input)),
  exchangeMagicLink: fromPromise<LoginResult, MagicLinkInput>(({ input }) => exchangeCall(input)),
  getChannels: fromPromise(async () => Promise.reject(new Error('offline'))),
  getOrganisations: fromPromise(async () => Promise.reject(new Error('offline'))),
  getRecoveryCodeCount: fromPromise(async () => Promise.reject(new Error('offline'))),
  getTwoFactorSecret: fromPromise(async () => Promise.reject(new Error('offline'))),
  regenerateRecoveryCodes: fromPromise(async () => Promise.reject(new Error('offline'))),
  enableTwoFactorAsVerify: fromPromise(async () => Promise.reject(new Error('offline'))),
  createEntryOf: () => fromPromise(async () => Promise.reject(new Error('offline'))),
}));

const { getMe } = await import('../api/profile');
/** The /me screen is a lazy chunk: its first load in a test run (transform included) may take over a second. */
const LAZY_ME = { timeout: 3000 };

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  vi.mocked(getMe).mockReset().mockRejectedValue(new Error('401'));
  confirmCall.mockReset();
  exchangeCall.mockReset();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

describe('/confirm (spec 2 Confirm)', () => {
  it('confirms the token on load and shows the organisation message for a company-id user', async () => {
    confirmCall.mockResolvedValue({ boardingMethod: 'companyId', organisationSubdomain: 'lit' });
    renderAt('/root/confirm?token=abc');
    await heading('Your e-mail address is confirmed');
    expect(screen.getByText('Welcome to LIT! Your account is ready.')).toBeTruthy();
    expect(confirmCall).toHaveBeenCalledExactlyOnceWith({ token: 'abc' });
  });

  it('tells a visitor signed in already so and leads to /me, not to log in', async () => {
    vi.mocked(getMe).mockResolvedValue(aProfile({ email: 'signed-in@example.com' }));
    confirmCall.mockResolvedValue({ boardingMethod: 'email', organisationSubdomain: null });
    renderAt('/root/confirm?token=abc');
    await heading('Your e-mail address is confirmed');
    await screen.findByText('You are logged in as signed-in@example.com.', { exact: false });
    expect(screen.getByRole('link', { name: 'Continue to your account' }).getAttribute('href')).toBe(
      '/root/me',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByText(/You can now log in/)).toBeNull();
  });

  it('an anonymous visitor is told they can now log in, with the link', async () => {
    confirmCall.mockResolvedValue({ boardingMethod: 'email', organisationSubdomain: null });
    renderAt('/root/confirm?token=abc');
    await heading('Your e-mail address is confirmed');
    expect(
      screen.getByText('Thank you for confirming your e-mail address. You can now log in.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/root/login');
  });

  it('without a token shows the error page with links to register and login, and makes no call', async () => {
    renderAt('/root/confirm');
    await heading('We could not confirm your e-mail address');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/root/register');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/root/login');
    expect(confirmCall).not.toHaveBeenCalled();
  });
});

/** docs/decisions/security.md: Mailed links wait for a click: the page asks, and only the click exchanges. */
async function pressSignIn() {
  await heading('Sign in with your link');
  expect(exchangeCall).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/me?magicLinkToken (spec 2 /me, magic link)', () => {
  it('exchanges the token without a session once Sign in is pressed, then reloads /me without the token', async () => {
    exchangeCall.mockResolvedValue({ redirectUrl: null });
    renderAt('/root/me?magicLinkToken=t1');
    await pressSignIn();
    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith(href('/root/me')), LAZY_ME);
    expect(exchangeCall).toHaveBeenCalledExactlyOnceWith({ token: 't1' });
  });

  it("follows the link's redirect to a page of the DEV_SITE", async () => {
    exchangeCall.mockResolvedValue({ redirectUrl: null });
    renderAt(`/root/me?magicLinkToken=t1&redirect=${encodeURIComponent('/root/privacy')}`);
    await pressSignIn();
    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith(href('/root/privacy')), LAZY_ME);
  });

  it('exchanges also for a visitor who already has a session (the link may be for another account)', async () => {
    vi.mocked(getMe).mockResolvedValue(aProfile({ screenName: 'Ada' }));
    exchangeCall.mockResolvedValue({ redirectUrl: null });
    renderAt('/root/me?magicLinkToken=t1');
    await pressSignIn();
    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith(href('/root/me')), LAZY_ME);
    expect(exchangeCall).toHaveBeenCalledOnce();
  });

  it('shows a used or expired link plainly, with a way to ask for a new one', async () => {
    exchangeCall.mockRejectedValue({ failure: { code: 'magic_link_invalid_error', fieldErrors: [] } });
    renderAt('/root/me?magicLinkToken=t1');
    await pressSignIn();
    await heading('This sign-in link has been used or has expired.');
    expect(screen.getByRole('link', { name: 'Send me a new sign-in link' }).getAttribute('href')).toBe(
      '/root/forgot_password_magic',
    );
    expect(
      screen.getByRole('link', { name: 'Log in with your e-mail and password' }).getAttribute('href'),
    ).toBe('/root/login');
    expect(assign).not.toHaveBeenCalled();
  });

  it('without a token is the account page as before', async () => {
    vi.mocked(getMe).mockResolvedValue(aProfile({ screenName: 'Ada' }));
    renderAt('/root/me');
    await heading('Your account');
    expect(exchangeCall).not.toHaveBeenCalled();
  });
});

describe('magicLinkTarget (docs/decisions/security.md: Redirect targets)', () => {
  it.each([
    ['null: /me', null, href('/root/me')],
    ['a DEV_SITE page', '/root/privacy', href('/root/privacy')],
    [
      'a platform host',
      `http://acme.${DEV_SITE.platformHost}/webapp`,
      `http://acme.${DEV_SITE.platformHost}/webapp`,
    ],
    ['another site: /me', 'https://evil.example/x', href('/root/me')],
  ])('%s', (_, target, expected) => {
    expect(magicLinkTarget(target, DEV_SITE)).toBe(expected);
  });
});

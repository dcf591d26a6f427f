import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { type LoginInput, type LoginResult, loginInputOf } from '../api/contract/auth';
import { aProfile } from '../test/profileFixture';
import { loginTarget } from './loginRoutes';
import { DEV_SITE, heading, href, renderAt } from './testing/testing';

const loginCall = vi.fn<(input: LoginInput) => Promise<LoginResult>>();
/** WebAuthn, per test: none unless a test gives the browser a passkey button. */
const passkeySupport = vi.fn<() => Promise<{ button: boolean; autofill: boolean }>>();
const passkeyVerify = vi.fn<(credential: unknown) => Promise<LoginResult>>();
const PASSKEY_ANSWER = {
  id: 'aWQ',
  rawId: 'aWQ',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' },
};
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
  // No WebAuthn unless a test says so: /login then shows no passkey button (routes/loginRoutes.tsx).
  detectPasskeySupport: fromPromise(() => passkeySupport()),
  autofillPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  askBrowserForPasskey: fromPromise(async () => PASSKEY_ANSWER),
  verifyPasskey: fromPromise<LoginResult, { credential: unknown }>(({ input }) =>
    passkeyVerify(input.credential),
  ),
  resendConfirmation: fromPromise(async () => Promise.reject(new Error('offline'))),
  // No translation server in tests: the gate falls back to the bundled catalog.
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  login: fromPromise<LoginResult, LoginInput>(({ input }) => loginCall(input)),
  loginAsVerify: fromPromise<unknown, Record<string, unknown>>(({ input }) => loginCall(loginInputOf(input))),
  getChannels: fromPromise(async () => Promise.reject(new Error('offline'))),
  registerCurator: fromPromise(async () => Promise.reject(new Error('offline'))),
  checkInvite: fromPromise(async () => Promise.reject(new Error('offline'))),
  registerInvite: fromPromise(async () => Promise.reject(new Error('offline'))),
  getOrganisations: fromPromise(async () => Promise.reject(new Error('offline'))),
  createEntryOf: () => fromPromise(async () => Promise.reject(new Error('offline'))),
}));

const { getMe } = await import('../api/profile');

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  vi.mocked(getMe).mockReset().mockRejectedValue(new Error('401'));
  loginCall.mockReset();
  passkeySupport.mockReset().mockResolvedValue({ button: false, autofill: false });
  passkeyVerify.mockReset();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('loginTarget (spec 2 Login: redirectUrl or /me; docs/decisions/security.md: Redirect targets)', () => {
  it.each([
    ['no redirectUrl, no next: /me under the base path', null, undefined, href('/root/me')],
    [
      'the server-given redirectUrl on the platform',
      `http://acme.${DEV_SITE.platformHost}/webapp`,
      undefined,
      `http://acme.${DEV_SITE.platformHost}/webapp`,
    ],
    ['a DEV_SITE path of the server', '/root/me?redirect=x', undefined, href('/root/me?redirect=x')],
    ['redirectUrl wins over next', '/root/privacy', '/root/terms-of-service', href('/root/privacy')],
    ['next when the server gives none', null, '/root/privacy', href('/root/privacy')],
    ['a foreign host: /me instead', 'https://evil.example/', undefined, href('/root/me')],
    ['a foreign next: /me instead', null, 'https://evil.example/', href('/root/me')],
  ])('%s', (_name, redirectUrl, next, expected) => {
    expect(loginTarget(redirectUrl, next, DEV_SITE)).toBe(expected);
  });
});

describe('/login (spec 2 Login)', () => {
  it('shows the password form with links to forgot password, register and start', async () => {
    renderAt('/root/login');
    expect(await heading('Log in')).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/root/forgot_password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/root/register');
    expect(screen.getByRole('link', { name: 'Sign up with your company ID' }).getAttribute('href')).toBe(
      '/root/start',
    );
  });

  it('says why the site sent the visitor here: signed out, or the account deleted; an unknown notice says nothing', async () => {
    const { router } = renderAt('/root/login?notice=signedOut');
    await heading('Log in');
    expect(screen.getByRole('status').textContent).toBe('You were signed out. Log in again to continue.');
    await router.navigate({ to: '/login', search: { notice: 'accountDeleted' } });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your account was deleted. We are sorry to see you go.',
      ),
    );
    await router.navigate({ href: '/login?notice=whatever' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('opens "Sign in with your organisation" with what the server sent back, read from the validated search', async () => {
    renderAt('/root/login?organisation=nowhere&organisationError=missing_organisation');
    await heading('Log in');
    expect(screen.getByText('Sign in with your organisation').closest('details')?.open).toBe(true);
    expect(screen.getByLabelText('Organisation')).toHaveProperty('value', 'nowhere');
    expect(screen.getByLabelText('Organisation').getAttribute('aria-invalid')).toBe('true');
  });

  it('logs in with the real wiring and sends the whole page to next', async () => {
    loginCall.mockResolvedValue({ redirectUrl: null });
    renderAt(`/root/login?next=${encodeURIComponent('/root/privacy')}`);
    await heading('Log in');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(href('/root/privacy')));
    expect(loginCall).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'correct horse' });
  });

  it('signs in with a passkey and sends the whole page to next, as the password login does', async () => {
    passkeySupport.mockResolvedValue({ button: true, autofill: false });
    passkeyVerify.mockResolvedValue({ redirectUrl: null });
    renderAt(`/root/login?next=${encodeURIComponent('/root/privacy')}`);
    await heading('Log in');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(href('/root/privacy')));
    expect(passkeyVerify).toHaveBeenCalledWith(PASSKEY_ANSWER);
  });

  it('sends a foreign next after a passkey sign-in to /me', async () => {
    passkeySupport.mockResolvedValue({ button: true, autofill: false });
    passkeyVerify.mockResolvedValue({ redirectUrl: null });
    renderAt(`/root/login?next=${encodeURIComponent('https://evil.example/')}`);
    await heading('Log in');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(href('/root/me')));
  });

  it('goes through the forced two-factor setup: VERIFY & SAVE repeats the login call with the code', async () => {
    const twoFactorVerify = {
      secret: 'JBSWY3DPEHPK3PXP',
      otpURL: 'otpauth://totp/x',
      dataURL: 'data:image/png;base64,AAAA',
    };
    loginCall
      .mockRejectedValueOnce({
        failure: {
          code: 'two_factor_auth_is_not_setup_error',
          fieldErrors: [],
          twoFactorSetup: twoFactorVerify,
        },
      })
      .mockResolvedValueOnce({ redirectUrl: '/root/me' });
    renderAt('/root/login');
    await heading('Log in');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // The setup view is a lazy chunk: on two shared cores its first import can take seconds.
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor authentication' }, { timeout: 10_000 }),
    ).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /code/i }), '123456');
    await user.click(screen.getByRole('button', { name: 'VERIFY & SAVE' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(href('/root/me')));
    expect(loginCall).toHaveBeenLastCalledWith({
      email: 'ada@example.com',
      password: 'correct horse',
      otpCode: '123456',
    });
  });
});

describe('a signed-in visitor on /login or /register (docs/decisions/product.md: Signed in on /login or /register)', () => {
  const signedIn = () => vi.mocked(getMe).mockResolvedValue(aProfile({ email: 'ada@example.com' }));

  it.each([
    '/root/login',
    '/root/register',
  ])('%s offers to continue to /me and keeps the page for another account', async (path) => {
    signedIn();
    const { router } = renderAt(path);
    const offer = await screen.findByText('You are logged in as ada@example.com.', {}, { timeout: 10_000 });
    expect(offer.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Continue to your account' }).getAttribute('href')).toBe(
      '/root/me',
    );
    // Offered, not sent: the page stays where the visitor asked to be.
    expect(router.state.location.pathname).toBe(path.replace('/root', ''));
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers nothing to an anonymous visitor', async () => {
    renderAt('/root/login');
    await heading('Log in');
    await waitFor(() => expect(getMe).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/You are logged in as/)).toBeNull();
  });
});

describe('identity-provider pages (spec 2)', () => {
  it.each([
    'azure',
    'okta',
  ])('/auth/%s/success shows a loader, then the account page after 1 s', async (provider) => {
    vi.mocked(getMe).mockResolvedValue(aProfile({ screenName: 'Ada' }));
    const { router } = renderAt(`/root/auth/${provider}/success`);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/auth/${provider}/success`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/me'), { timeout: 3000 });
  });

  it.each([
    ['azure', 'Azure', 'no_channels', 'The user does not have access to any channels'],
    ['okta', 'Okta', 'invalid_auth_code', 'OAuth provider returns error'],
    ['okta', 'Okta', 'unheard_of', 'Unknown server error'],
  ])('/auth/%s/error (%s) with type %s shows its message and the ways on', async (provider, name, type, text) => {
    renderAt(`/root/auth/${provider}/error?type=${type}`);
    expect(await heading(`Signing in with ${name} did not work`)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(
      screen.getByRole('link', { name: 'Log in with your e-mail and password' }).getAttribute('href'),
    ).toBe('/root/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/root/register');
  });
});

/** docs/decisions/product.md: Forms that work before their scripts: the page answering its own form post. */
describe('/login answering its own form post', () => {
  it('starts from the refusal: the typed e-mail kept, the wrong credentials under the password', async () => {
    renderAt('/root/login', DEV_SITE, {
      email: 'ada@example.com',
      outcome: 'refused',
      status: 401,
      body: { code: 'unknown_credential_error' },
    });
    await heading('Log in');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ada@example.com');
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/e-mail or password/i);
  });

  it('says the code step needs the scripts when the account asks for a code, the e-mail kept', async () => {
    renderAt('/root/login', DEV_SITE, { email: 'ada@example.com', outcome: 'codeNeeded' });
    await heading('Log in');
    expect(screen.getByRole('status').textContent).toMatch(/also asks for a one-time code/);
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ada@example.com');
  });
});

import { createMemoryHistory } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { FLOWS_PATHS, isFlowsPath, SITE_PATHS } from '../api/contract/sitePaths';
import { aProfile } from '../test/profileFixture';
import { LOGIN_SESSION_CHECK_MS } from './guards';
import { createAppRouter, PENDING_LOADER_AFTER_MS } from './router';
import { FLOWS_ENABLED } from './site/flowsEnabled';
import { DEV_SITE, heading, renderAt } from './testing/testing';

vi.mock('../api/profile', () => ({ getMe: vi.fn() }));
vi.mock('../api/auth', () => ({ logout: vi.fn() }));
// No translation server in tests: the gate falls back to the bundled catalog.
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
  getRecoveryCodeCount: fromPromise(async () => Promise.reject(new Error('offline'))),
  getTwoFactorSecret: fromPromise(async () => Promise.reject(new Error('offline'))),
  regenerateRecoveryCodes: fromPromise(async () => Promise.reject(new Error('offline'))),
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  login: fromPromise(async () => Promise.reject(new Error('offline'))),
  loginAsVerify: fromPromise(async () => Promise.reject(new Error('offline'))),
  forgotPassword: fromPromise(async () => Promise.reject(new Error('offline'))),
  checkResetToken: fromPromise(async () => Promise.reject(new Error('offline'))),
  setNewPassword: fromPromise(async () => Promise.reject(new Error('offline'))),
  exchangeMagicLink: fromPromise(async () => Promise.reject(new Error('offline'))),
  confirmEmail: fromPromise(async () => Promise.reject(new Error('offline'))),
  registerCurator: fromPromise(async () => Promise.reject(new Error('offline'))),
  checkInvite: fromPromise(async () => Promise.reject(new Error('offline'))),
  registerInvite: fromPromise(async () => Promise.reject(new Error('offline'))),
  checkCompanyId: fromPromise(async () => Promise.reject(new Error('offline'))),
  checkCompanyPage: fromPromise(async () => Promise.reject(new Error('offline'))),
  registerCompanyPage: fromPromise(async () => Promise.reject(new Error('offline'))),
  getChannels: fromPromise(async () => Promise.reject(new Error('offline'))),
  getOrganisations: fromPromise(async () => Promise.reject(new Error('offline'))),
  enableTwoFactorAsVerify: fromPromise(async () => Promise.reject(new Error('offline'))),
  createEntryOf: () => fromPromise(async () => Promise.reject(new Error('offline'))),
}));

const { getMe } = await import('../api/profile');
const { logout } = await import('../api/auth');

const someone = aProfile({ screenName: 'Ada', email: 'ada@example.com' });
const loggedIn = () => vi.mocked(getMe).mockResolvedValue(someone);
const anonymous = () => vi.mocked(getMe).mockRejectedValue(new Error('401'));

beforeEach(() => {
  vi.mocked(getMe).mockReset();
  vi.mocked(logout).mockReset();
  anonymous();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** spec 2, every route, with the page name each one shows until its own issue builds it. */
const SPEC_ROUTES: ReadonlyArray<[path: string, heading: string]> = [
  ['/login', 'Log in'],
  ['/forgot_password', 'Forgot your password?'],
  ['/forgot_password_magic', 'Log in with a magic link'],
  // Without a token: the invalid-link page, no call (spec 4 Set password).
  ['/forgot_password_set', 'This link is no longer valid'],
  ['/register', 'Create your channel'],
  ['/start', 'Sign up with your company ID'],
  // Without a token: the confirmation's error page, no call (spec 8; routes/confirmRoutes.test.tsx has the rest).
  ['/confirm', 'We could not confirm your e-mail address'],
  ['/auth/azure/success', 'Signed in with Azure'],
  ['/auth/azure/error', 'Signing in with Azure did not work'],
  ['/auth/okta/success', 'Signed in with Okta'],
  ['/auth/okta/error', 'Signing in with Okta did not work'],
  ['/auth/forgot_password/nobrand', 'Forgot your password?'],
  ['/auth/forgot_password_magic/nobrand', 'Log in with a magic link'],
  ['/lit', 'Welcome to LIT'],
  ['/unicef', 'Welcome to UNICEF for every child'],
  ['/privacy', 'Privacy policy'],
  ['/terms-of-service', 'Terms of service'],
];
const LANDING_LAYOUT_PATHS = SPEC_ROUTES.slice(0, 11).map(([path]) => path);
// In the landing frame too (logo and footer: docs/decisions/product.md, No dead ends).
const LEGAL_PATHS = ['/privacy', '/terms-of-service', '/lit', '/unicef'];
// Ours, in the landing layout like /confirm: the pages the e-mail change links open (docs/decisions/README.md).
const EMAIL_CHANGE_PATHS = ['/confirm_email_change', '/undo_email_change'];

describe('route tree (spec 2)', () => {
  it('has every path of spec 2, plus /me and /logout', () => {
    const router = createAppRouter({ history: createMemoryHistory(), site: DEV_SITE });
    const paths = Object.keys(router.routesByPath);
    for (const [path] of SPEC_ROUTES) expect(paths).toContain(path);
    expect(paths).toContain('/me');
    expect(paths).toContain('/logout');
  });

  it('is the list the server knows (api/contract/sitePaths.ts): every page path, nothing else', () => {
    const router = createAppRouter({ history: createMemoryHistory(), site: DEV_SITE });
    const pages = Object.keys(router.routesByPath).filter((path) => !path.includes('$'));
    expect([...pages].sort()).toEqual([...SITE_PATHS, ...(FLOWS_ENABLED ? FLOWS_PATHS : [])].sort());
  });

  it('has the flow explorer where the build has it, and the server knows its paths (routes/site/flowsEnabled.ts)', () => {
    const router = createAppRouter({ history: createMemoryHistory(), site: DEV_SITE });
    const flows = Object.keys(router.routesByPath).filter((path) => path.startsWith('/flows'));
    expect(flows.sort()).toEqual(
      FLOWS_ENABLED
        ? [
            '/flows',
            '/flows/$machine',
            '/flows/components',
            '/flows/decisions',
            '/flows/overview',
            '/flows/spec',
          ]
        : [],
    );
    expect(flows.every((path) => isFlowsPath(path.replace('$machine', 'login')))).toBe(true);
    for (const path of SITE_PATHS) expect(isFlowsPath(path), path).toBe(false);
  });

  it('puts exactly the layout paths of spec 2 inside the landing layout', () => {
    const router = createAppRouter({ history: createMemoryHistory(), site: DEV_SITE });
    const inLayout = Object.values(router.routesByPath)
      .filter((route) => route.id.startsWith('/landing/'))
      .map((route) => route.fullPath)
      .sort();
    expect(inLayout).toEqual([...LANDING_LAYOUT_PATHS, ...EMAIL_CHANGE_PATHS].sort());
  });

  it.each(SPEC_ROUTES)('%s answers with its page under the /root base path', async (path, name) => {
    renderAt(`/root${path}`);
    expect(await heading(name)).toBeTruthy();
    // The landing layout's pages and the legal pages (in the same frame) have its footer; the others stand alone.
    const hasLayoutFooter = screen.queryByRole('navigation', { name: 'Footer' }) !== null;
    expect(hasLayoutFooter).toBe([...LANDING_LAYOUT_PATHS, ...LEGAL_PATHS].includes(path));
  });

  it('shows a not-found page for an unknown address', async () => {
    renderAt('/root/no/such/page');
    expect(await heading('Page not found')).toBeTruthy();
    // No dead end: the logo leads home and the footer is there.
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toMatch(/^\/root\/?$/);
  });

  it('keeps search parameters as the strings the link carried', async () => {
    const { router } = renderAt('/root/register?token=123');
    // The invitation check fails offline: the invalid-token page (spec 2 Register).
    await heading('This invitation is no longer valid');
    expect(router.state.matches.at(-1)?.search).toEqual({ token: '123' });
  });

  it('drops a malformed parameter instead of failing the page', async () => {
    const { router } = renderAt('/root/forgot_password_set?token=%20%20');
    await heading('This link is no longer valid');
    expect(router.state.matches.at(-1)?.search).toEqual({ token: undefined });
  });
});

describe('/me guard (spec 7 Profile: any failure means not logged in)', () => {
  it('sends an anonymous visitor to /login with next = the page asked for', async () => {
    const { router } = renderAt('/root/me?redirect=%2Froot%2Fprivacy');
    expect(await heading('Log in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ next: '/root/me?redirect=%2Froot%2Fprivacy' });
    expect(getMe).toHaveBeenCalled();
  });

  it('lets a visitor with a session in', async () => {
    loggedIn();
    const { router } = renderAt('/root/me');
    const title = await heading('Your account');
    expect(router.state.location.pathname).toBe('/me');
    // The focus starts on the page's heading, not on the body (after login the whole page loads /me).
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('follows a safe redirect for a visitor with a session', async () => {
    loggedIn();
    const { router } = renderAt('/root/me?redirect=%2Froot%2Fterms-of-service');
    expect(await heading('Terms of service')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms-of-service');
  });

  it('ignores an unsafe redirect and stays on /me', async () => {
    loggedIn();
    const { router } = renderAt('/root/me?redirect=https%3A%2F%2Fevil.com');
    expect(await heading('Your account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/me');
  });

  it('lets a magic-link visitor through without a session: the page asks to sign in with the link', async () => {
    const { router } = renderAt('/root/me?magicLinkToken=abc');
    // routes/confirmRoutes.test.tsx presses the button and has the exchange.
    expect(await heading('Sign in with your link')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/me');
  });

  it('sends / to the account page, and so an anonymous visitor on to login', async () => {
    const { router } = renderAt('/root/');
    expect(await heading('Log in')).toBeTruthy();
    expect(router.state.location.search).toEqual({ next: '/root/me' });
  });
});

describe('/login with a next parameter (spec 2 Login)', () => {
  it('sends a visitor with a session to a safe next', async () => {
    loggedIn();
    const { router } = renderAt('/root/login?next=%2Froot%2Fprivacy');
    const title = await heading('Privacy policy');
    expect(router.state.location.pathname).toBe('/privacy');
    // The `next` page the app draws starts with the focus on its heading too.
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('round-trips the /me guard: after the session exists, next leads back to the page asked for', async () => {
    loggedIn();
    const { router } = renderAt(`/root/login?next=${encodeURIComponent('/root/me')}`);
    expect(await heading('Your account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/me');
  });

  it.each([
    // another host under the platform host (production shape)
    `${window.location.protocol}//acme.${window.location.host}/webapp`,
    // a development path outside the DEV_SITE (docs/decisions/conventions.md: Development mapping)
    `${window.location.origin}/organisation/acme/webapp`,
  ])('sends a visitor with a session to the safe next %s with a whole-page navigation', async (target) => {
    loggedIn();
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    renderAt(`/root/login?next=${encodeURIComponent(target)}`);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(target));
  });

  it.each([
    'https://evil.com/phish',
    '//evil.com',
    'javascript:alert(1)',
    `https://${window.location.host}@evil.com/`,
  ])('ignores the unsafe next %j: a visitor with a session goes to /me', async (next) => {
    loggedIn();
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    const { router } = renderAt(`/root/login?next=${encodeURIComponent(next)}`);
    expect(await heading('Your account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/me');
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows the login form to an anonymous visitor with next', async () => {
    const { router } = renderAt('/root/login?next=%2Froot%2Fprivacy');
    expect(await heading('Log in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the login form when the session check hangs, after a short wait', async () => {
    // A server that never answers: the request gives up at its own time-out, as ky does.
    vi.mocked(getMe).mockImplementation(
      ({ timeoutMs } = {}) =>
        new Promise((_, reject) => setTimeout(() => reject(new Error('TimeoutError')), timeoutMs)),
    );
    const started = Date.now();
    const { router } = renderAt('/root/login?next=%2Froot%2Fprivacy');
    expect(await heading('Log in')).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(LOGIN_SESSION_CHECK_MS + 1000);
    expect(router.state.location.pathname).toBe('/login');
    expect(getMe).toHaveBeenCalledWith({ timeoutMs: LOGIN_SESSION_CHECK_MS });
  });

  it('without next, neither waits for the session nor leaves: a session is offered, not followed', async () => {
    // The session check never answers: the form is there all the same (routes/carried/signedIn.tsx asks after drawing).
    vi.mocked(getMe).mockReturnValue(new Promise(() => {}));
    const { router } = renderAt('/root/login');
    expect(await heading('Log in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('no dead ends', () => {
  it.each([
    ['/root/privacy', 'Privacy policy'],
    ['/root/terms-of-service', 'Terms of service'],
    ['/root/me?magicLinkToken=abc', 'Sign in with your link'],
  ])('%s has the logo home link and the footer', async (path, name) => {
    renderAt(path);
    expect(await heading(name)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/root/');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});

describe('while a guard waits (the session check)', () => {
  it('shows the loader after a moment, then the page', async () => {
    vi.mocked(getMe).mockImplementation(
      () => new Promise((resolve) => setTimeout(() => resolve(someone), PENDING_LOADER_AFTER_MS + 500)),
    );
    renderAt('/root/me');
    // The bouncing-logo loader (not the language gate's quiet one) while GET /api/me is still out.
    await waitFor(() => expect(document.querySelector('.ui-loader')).not.toBeNull(), { timeout: 700 });
    expect(getMe).toHaveBeenCalled();
    expect(await heading('Your account')).toBeTruthy();
  });

  it('shows no loader when the answer comes fast', async () => {
    loggedIn();
    const seen: string[] = [];
    // The page's own parts may show theirs (the lists load); the route's loader would come before the page.
    const observer = new MutationObserver(() => {
      if (document.querySelector('.ui-loader') && !document.querySelector('h1')) seen.push('loader');
    });
    observer.observe(document.body, { subtree: true, childList: true });
    renderAt('/root/me');
    expect(await heading('Your account')).toBeTruthy();
    observer.disconnect();
    expect(seen).toEqual([]);
  });
});

describe('/logout', () => {
  it('ends the session and goes to /login', async () => {
    vi.mocked(logout).mockResolvedValue(undefined);
    const { router } = renderAt('/root/logout');
    expect(await heading('Log in')).toBeTruthy();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes to /login even when the call fails', async () => {
    vi.mocked(logout).mockRejectedValue(new Error('network'));
    const { router } = renderAt('/root/logout');
    expect(await heading('Log in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

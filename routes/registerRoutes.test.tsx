import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { DEFAULT_ORGANISATION_TERMS } from '../api/contract/organisationTerms';
import type {
  CheckInviteInput,
  InviteInfo,
  RegisterInviteInput,
  RegisterResult,
} from '../api/contract/registration';
import { heading, href, renderAt } from './testing/testing';

const checkCall = vi.fn<(input: CheckInviteInput) => Promise<InviteInfo>>();
const registerCall = vi.fn<(input: RegisterInviteInput) => Promise<RegisterResult>>();
vi.mock('../api/profile', () => ({ getMe: vi.fn().mockRejectedValue(new Error('401')) }));
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
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  registerCurator: fromPromise(async () => Promise.reject(new Error('not in these tests'))),
  checkInvite: fromPromise<InviteInfo, CheckInviteInput>(({ input }) => checkCall(input)),
  registerInvite: fromPromise<RegisterResult, RegisterInviteInput>(({ input }) => registerCall(input)),
}));

const INVITE: InviteInfo = {
  user: { screenName: 'Ivy', email: 'ivy@example.com', isReader: false, subdomain: 'demo' },
  organisation: { name: 'Acme', subdomain: 'acme', terms: DEFAULT_ORGANISATION_TERMS },
  channel: { subdomain: 'demo', name: 'Demo', url: 'https://demo-acme.example.test' },
  invitee: { imageUrl: null, screenName: 'Ivy Invitee', email: 'ivy@example.com' },
};

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  checkCall.mockReset().mockResolvedValue(INVITE);
  registerCall.mockReset().mockResolvedValue({ redirectUrl: 'https://demo-acme.example.test' });
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

describe('/register?token= (spec 2 Register (invitation))', () => {
  it('checks the token, signs up, and sends the whole page to the channel URL of api/contract/urls.ts', async () => {
    renderAt('/root/register?token=abc');
    await heading('Welcome to Acme');
    expect(checkCall).toHaveBeenCalledWith({ token: 'abc' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(registerCall).toHaveBeenCalledWith({
      token: 'abc',
      email: 'ivy@example.com',
      password: 'secret1',
      screenName: 'Ivy Invitee',
    });
    // Development mapping (docs/decisions/README.md): the channel's host is a path on the dev server.
    expect(assign).toHaveBeenCalledWith(href('/channel/demo-acme'));
  });

  it('a refused token: the invalid-token page, linking to login and to the curator sign-up', async () => {
    checkCall.mockRejectedValue(new Error('invite_token_invalid_error'));
    renderAt('/root/register?token=stale');
    await heading('This invitation is no longer valid');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/root/login');
    const register = screen.getByRole('link', { name: 'Create your own channel' });
    expect(register.getAttribute('href')).toBe('/root/register');
    await userEvent.setup().click(register);
    await heading('Create your channel');
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { aProfile } from '../test/profileFixture';
import { heading, renderAt } from './testing/testing';

vi.mock('../api/profile', () => ({ getMe: vi.fn() }));
vi.mock('../api/auth', () => ({ logout: vi.fn() }));
const resendCall = vi.fn<() => Promise<void>>();
vi.mock('../api/actors', async () => ({
  // Every other actor answers as if offline (routes/testing/offlineActors.ts).
  ...(await import('./testing/offlineActors')).offlineActors(),
  // No WebAuthn in these tests: /login shows no passkey button (routes/loginRoutes.tsx).
  detectPasskeySupport: fromPromise(async () => ({ button: false, autofill: false })),
  autofillPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  askBrowserForPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  verifyPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  // No translation server in tests: the gate falls back to the bundled catalog.
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  resendConfirmation: fromPromise(() => resendCall()),
  getChannels: fromPromise(async () => Promise.reject(new Error('offline'))),
  getOrganisations: fromPromise(async () => Promise.reject(new Error('offline'))),
  getRecoveryCodeCount: fromPromise(async () => ({ remaining: 10 })),
  getTwoFactorSecret: fromPromise(async () => Promise.reject(new Error('offline'))),
  regenerateRecoveryCodes: fromPromise(async () => Promise.reject(new Error('offline'))),
  enableTwoFactorAsVerify: fromPromise(async () => Promise.reject(new Error('offline'))),
  createEntryOf: () => fromPromise(async () => Promise.reject(new Error('offline'))),
}));

const { getMe } = await import('../api/profile');

const curator = aProfile({
  screenName: 'Grace Curator',
  email: 'curator@example.com',
  phone: '+49 170 1234567',
  position: 'Editor',
  department: 'News',
  bio: `${'A long biography. '.repeat(20)}The end.`,
  location: { text: 'Berlin', city: '', state: '', country: '' },
  links: { ...aProfile().links, linkedin: 'https://linkedin.example/grace' },
});

beforeEach(() => {
  vi.mocked(getMe).mockReset().mockResolvedValue(curator);
});
afterEach(() => {
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the platform's cookie the page reads.
  document.cookie = 'previousLocation=; max-age=0; path=/';
});

describe('/me (spec 2 Me page)', () => {
  it('shows the profile the guard read, without reading GET /api/me again', async () => {
    renderAt('/root/me');
    await heading('Your account');
    expect(screen.getByRole('heading', { level: 3, name: 'Grace Curator' })).toBeTruthy();
    expect(screen.getByText('Editor · News')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'curator@example.com' }).getAttribute('href')).toBe(
      'mailto:curator@example.com',
    );
    expect(screen.getByRole('link', { name: '+49 170 1234567' }).getAttribute('href')).toBe(
      'tel:+491701234567',
    );
    expect(screen.getByText('Berlin')).toBeTruthy();
    const social = screen.getByRole('list', { name: 'Social profiles' });
    expect(within(social).getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe(
      'https://linkedin.example/grace',
    );
    expect(within(social).getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'No profile picture' })).toBeTruthy();
    expect(screen.queryByText('Please complete your profile!')).toBeNull();
    expect(screen.queryByText('Please verify your email address.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/root/logout');
    expect(getMe).toHaveBeenCalledTimes(1);
    // The title is set in an effect after the page's parts mount: under load that may come a tick after the heading.
    await vi.waitFor(() => expect(document.title).toBe('Your account - Account'));
  });

  it('crops a long bio with More/Less', async () => {
    renderAt('/root/me');
    await heading('Your account');
    expect(screen.queryByText(/The end\./)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByText(/The end\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Less' }));
    expect(screen.queryByText(/The end\./)).toBeNull();
  });

  it('asks an incomplete or unconfirmed account to complete and verify', async () => {
    vi.mocked(getMe).mockResolvedValue(
      aProfile({ accountConfirmationPending: true, image: { id: '7', url: '/a.png' } }),
    );
    renderAt('/root/me');
    await heading('Your account');
    expect(screen.getByText('Please complete your profile!')).toBeTruthy();
    // The banner says what is missing (the fixture has none of the four).
    expect(
      screen.getByText('Still missing: Position, Department, Phone and Bio. Use Edit to add them.'),
    ).toBeTruthy();
    expect(screen.getByText('Please verify your email address.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Avatar of Ada' }).getAttribute('src')).toBe('/a.png');
  });

  it("the banner's 'Send again' waits 60 s, then sends the confirmation mail again (docs/decisions/product.md: Check your e-mail)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.mocked(getMe).mockResolvedValue(aProfile({ accountConfirmationPending: true }));
      resendCall.mockReset().mockResolvedValue();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderAt('/root/me');
      await heading('Your account');
      const resend = screen.getByRole('button', { name: 'Send again' });
      expect(resend.getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByText('You can send it again in 60 s.')).toBeTruthy();
      await user.click(resend);
      expect(resendCall).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(resend.getAttribute('aria-disabled')).toBeNull();
      await user.click(resend);
      await screen.findByText('We have sent the e-mail again.');
      expect(resendCall).toHaveBeenCalledTimes(1);
      expect(resend.getAttribute('aria-disabled')).toBe('true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has a back link to the previous location the platform left in its cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the platform's cookie the page reads.
    document.cookie = `previousLocation=${encodeURIComponent(JSON.stringify({ link: 'https://app.example/feed', title: 'Feed' }))}; path=/`;
    renderAt('/root/me');
    await heading('Your account');
    expect(screen.getByRole('link', { name: 'Back to Feed' }).getAttribute('href')).toBe(
      'https://app.example/feed',
    );
  });

  it('has no back link without the cookie', async () => {
    renderAt('/root/me');
    await heading('Your account');
    expect(screen.queryByRole('link', { name: /^Back/ })).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SavedProfile, SaveProfileInput } from '../../api/contract/profile';
import { heading, renderAt } from '../../routes/testing/testing';
import { aProfile } from '../../test/profileFixture';

vi.mock('../../api/profile', () => ({ getMe: vi.fn() }));
vi.mock('../../api/auth', () => ({ logout: vi.fn() }));
const saveCall = vi.fn<(input: SaveProfileInput) => Promise<SavedProfile>>();
vi.mock('../../api/actors', async () => ({
  // Every other actor answers as if offline (routes/testing/offlineActors.ts).
  ...(await import('../../routes/testing/offlineActors')).offlineActors(),
  // No WebAuthn in these tests: /login shows no passkey button (routes/loginRoutes.tsx).
  detectPasskeySupport: fromPromise(async () => ({ button: false, autofill: false })),
  autofillPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  askBrowserForPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  verifyPasskey: fromPromise(async () => Promise.reject(new Error('offline'))),
  getTranslation: fromPromise(async () => Promise.reject(new Error('offline'))),
  resendConfirmation: fromPromise(async () => undefined),
  getChannels: fromPromise(async () => Promise.reject(new Error('offline'))),
  getOrganisations: fromPromise(async () => Promise.reject(new Error('offline'))),
  saveProfile: fromPromise<SavedProfile, SaveProfileInput>(({ input }) => saveCall(input)),
  uploadAvatar: fromPromise(async () => Promise.reject(new Error('offline'))),
  deleteImages: fromPromise(async () => undefined),
  getRecoveryCodeCount: fromPromise(async () => Promise.reject(new Error('offline'))),
  getTwoFactorSecret: fromPromise(async () => Promise.reject(new Error('offline'))),
  regenerateRecoveryCodes: fromPromise(async () => Promise.reject(new Error('offline'))),
  enableTwoFactorAsVerify: fromPromise(async () => Promise.reject(new Error('offline'))),
  createEntryOf: () => fromPromise(async () => Promise.reject(new Error('offline'))),
}));

const { getMe } = await import('../../api/profile');
const curator = aProfile({ screenName: 'Grace Curator', email: 'curator@example.com' });

beforeEach(() => {
  vi.mocked(getMe).mockReset().mockResolvedValue(curator);
  saveCall.mockReset();
});

describe('/me profile edit (spec 2 Me page, spec 4 Profile save)', () => {
  it('Edit loads the form; a save merges the answer into the page profile without reading GET /api/me again', async () => {
    saveCall.mockImplementation(async (input) => ({
      screenName: input.screenName,
      phone: input.phone,
      position: input.position,
      department: input.department,
      bio: input.bio,
      location: input.location,
      links: input.links,
      image: null,
      imageId: null,
    }));
    const user = userEvent.setup();
    renderAt('/root/me');
    await heading('Your account');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const title = await screen.findByRole('heading', { level: 3, name: 'Edit profile' }, { timeout: 3000 });
    expect(document.activeElement).toBe(title);
    const name = screen.getByLabelText('Screen name');
    await user.clear(name);
    await user.type(name, 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Grace Hopper' })).toBeTruthy();
    expect(saveCall).toHaveBeenCalledOnce();
    expect(getMe).toHaveBeenCalledOnce();
    // Back on the view, the keyboard continues from Edit; a second Edit starts from the saved profile.
    const edit = screen.getByRole('button', { name: 'Edit' });
    expect(document.activeElement).toBe(edit);
    await user.click(edit);
    expect((screen.getByLabelText('Screen name') as HTMLInputElement).value).toBe('Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      within(screen.getByRole('main')).getByRole('heading', { level: 3, name: 'Grace Hopper' }),
    ).toBeTruthy();
  });
});

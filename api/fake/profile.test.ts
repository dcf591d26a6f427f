/** The fake's profile, list and image scenarios through the real api functions (spec 2 Me page, 6, 7, 8). */
import { describe, expect, it } from 'vitest';
import { setupFakeApi } from '../../test/fakeApi';
import { login, logout } from '../auth';
import { emptyLinks, PAGE_SIZE, type SaveProfileInput, type UserProfile } from '../contract';
import {
  createImageRecord,
  deleteImage,
  deleteImages,
  getUploadSignature,
  uploadAvatar,
  uploadImage,
} from '../images';
import { createInvitation } from '../invitations';
import { createChannel, createOrganisation, getChannels, getOrganisations } from '../lists';
import { getMe, resendConfirmation, saveProfile } from '../profile';
import { ACCOUNTS, DEMO_PASSWORD, TAKEN_ORGANISATION_SUBDOMAIN, TAKEN_SUBDOMAIN } from './scenarios';
import { codeOfCall, failureOfCall } from './testing';

setupFakeApi();

const loginAs = (email: string) => login({ email, password: DEMO_PASSWORD });

const formOf = (profile: UserProfile): SaveProfileInput => ({
  screenName: profile.screenName,
  phone: profile.phone,
  position: profile.position,
  department: profile.department,
  bio: profile.bio,
  imageId: profile.imageId,
  links: profile.links,
  location: profile.location,
});

describe('profile (spec 2 Me page, 3, 7)', () => {
  it('answers the scenario flags: staff, pending confirmation', async () => {
    await loginAs(ACCOUNTS.staff);
    expect(await getMe()).toMatchObject({ isStaff: true, accountConfirmationPending: false });
    await loginAs(ACCOUNTS.unconfirmed);
    expect(await getMe()).toMatchObject({ isStaff: false, accountConfirmationPending: true });
  });

  it('resends the confirmation mail for a signed-in user, and refuses a visitor without a session', async () => {
    await loginAs(ACCOUNTS.unconfirmed);
    await expect(resendConfirmation()).resolves.toBeUndefined();
    await logout();
    expect(await codeOfCall(resendConfirmation())).toBe('unknown_server_error');
  });

  it('saves the profile and answers it in the wire names (username -> screenName)', async () => {
    await loginAs(ACCOUNTS.user);
    const form = { ...formOf(await getMe()), screenName: 'Uma Updated', links: { ...emptyLinks() } };
    const saved = await saveProfile(form);
    expect(saved).toMatchObject({ screenName: 'Uma Updated', phone: form.phone, links: emptyLinks() });
    expect((await getMe()).screenName).toBe('Uma Updated');
  });

  it('answers a bad phone with the field error string.phonenumber (spec 5)', async () => {
    await loginAs(ACCOUNTS.user);
    const failure = await failureOfCall(saveProfile({ ...formOf(await getMe()), phone: 'call me maybe' }));
    expect(failure.fieldErrors).toEqual([
      { field: 'phone', code: 'string.phonenumber', message: 'Please enter a valid phone number' },
    ]);
  });

  it('needs a session', async () => {
    const profile = { ...formOf({ screenName: 'Nobody' } as UserProfile), phone: '', links: emptyLinks() };
    expect(await codeOfCall(saveProfile(profile))).toBe('unknown_server_error');
  });
});

describe('profile image (spec 7)', () => {
  it('signs, uploads, records, shows and deletes a profile image', async () => {
    await loginAs(ACCOUNTS.user);
    const signature = await getUploadSignature({ type: 'profile', template: 'profile-file' });
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const upload = await uploadImage({ ...signature, file });
    expect(upload.url).toBe('data:image/png;base64,iVBORw==');
    const image = await createImageRecord(upload);
    await saveProfile({ ...formOf(await getMe()), imageId: image.id });
    expect((await getMe()).image).toEqual(image);
    await deleteImage({ id: image.id });
    expect((await getMe()).image).toBeNull();
    expect(await codeOfCall(deleteImage({ id: image.id }))).toBe('unknown_server_error');
  });
});

describe('avatar upload (spec 4 Image upload, spec 7), as the avatar field makes it', () => {
  it('uploads a file (template profile-file) with its progress over XMLHttpRequest and records it', async () => {
    await loginAs(ACCOUNTS.user);
    const progress: number[] = [];
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const image = await uploadAvatar({
      source: { template: 'profile-file', file },
      onProgress: (p) => progress.push(p),
    });
    expect(image.url).toBe('data:image/png;base64,iVBORw==');
    expect(progress.at(-1)).toBe(100);
    await saveProfile({ ...formOf(await getMe()), imageId: image.id });
    expect((await getMe()).image).toEqual(image);
    await deleteImages({ ids: [image.id] });
    expect((await getMe()).image).toBeNull();
  });

  it('imports a link (template profile) as the server does: the signed link becomes the picture', async () => {
    await loginAs(ACCOUNTS.user);
    const image = await uploadAvatar({
      source: { template: 'profile', url: 'https://example.test/portrait.jpg' },
      onProgress: () => {},
    });
    expect(image.url).toBe('https://example.test/portrait.jpg');
  });

  it('refuses an upload without a session in the spec 8 shape', async () => {
    await loginAs(ACCOUNTS.user);
    const signature = await getUploadSignature({ type: 'profile', template: 'profile-file' });
    await logout();
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    expect(await codeOfCall(uploadImage({ ...signature, file }))).toBe('unknown_server_error');
  });
});

describe('lists (spec 2 Me page, 6)', () => {
  it('gives user@example.com more channels and organisations than one page', async () => {
    await loginAs(ACCOUNTS.user);
    const channels = await getChannels();
    expect(channels.length).toBeGreaterThan(PAGE_SIZE);
    expect(channels.some((channel) => channel.archived)).toBe(true);
    const { organisations, baseOrganisationSubdomain } = await getOrganisations();
    expect(organisations.length).toBeGreaterThan(PAGE_SIZE);
    expect(baseOrganisationSubdomain).toBe('welcome');
  });

  it('gives unconfirmed@example.com empty lists (spec 2 empty messages)', async () => {
    await loginAs(ACCOUNTS.unconfirmed);
    expect(await getChannels()).toEqual([]);
    expect((await getOrganisations()).organisations).toEqual([]);
  });

  it('creates a channel (creator as admin) and refuses a taken or malformed subdomain', async () => {
    await loginAs(ACCOUNTS.user);
    const created = await createChannel({ name: 'New One', subdomain: 'newone' });
    expect(created).toMatchObject({ name: 'New One', role: 'admin', ownerName: 'Uma User' });
    expect(await getChannels()).toContainEqual(created);
    expect(await codeOfCall(createChannel({ name: 'Again', subdomain: TAKEN_SUBDOMAIN }))).toBe(
      'channel_subdomain_already_exist_error',
    );
    expect(await codeOfCall(createChannel({ name: 'Bad', subdomain: 'Bad_Sub' }))).toBe(
      'channel_subdomain_is_malformed_error',
    );
  });

  it('lets staff create organisations, and nobody else (spec 6)', async () => {
    await loginAs(ACCOUNTS.user);
    expect(await codeOfCall(createOrganisation({ name: 'Mine', subdomain: 'mine' }))).toBe('forbidden_error');
    await loginAs(ACCOUNTS.staff);
    const created = await createOrganisation({ name: 'Staff Org', subdomain: 'stafforg' });
    expect(created).toMatchObject({ name: 'Staff Org', subdomain: 'stafforg', readersCount: 0 });
    expect((await getOrganisations()).organisations).toContainEqual(created);
    expect(
      await codeOfCall(createOrganisation({ name: 'Taken', subdomain: TAKEN_ORGANISATION_SUBDOMAIN })),
    ).toBe('channel_subdomain_already_exist_error');
  });

  it('invites into a channel the user administers, and nowhere else (POST /api/invitations)', async () => {
    await loginAs(ACCOUNTS.user);
    const mine = await createChannel({ name: 'Invites', subdomain: 'invites' });
    const sent = await createInvitation({ channelId: mine.id, email: 'new@example.com', role: 'editor' });
    expect(sent).toMatchObject({ channelId: mine.id, email: 'new@example.com', role: 'editor' });
    expect(sent).not.toHaveProperty('token');
    const notAdmin = (await getChannels()).find((channel) => channel.role !== 'admin');
    expect(notAdmin).toBeDefined();
    expect(
      await codeOfCall(
        createInvitation({ channelId: notAdmin?.id ?? '', email: 'x@example.com', role: 'reader' }),
      ),
    ).toBe('forbidden_error');
    await loginAs(ACCOUNTS.staff);
    expect(
      await codeOfCall(createInvitation({ channelId: mine.id, email: 'x@example.com', role: 'reader' })),
    ).toBe('forbidden_error');
  });
});

import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import {
  SaveProfileAnswerWire,
  type SaveProfileRequestWire,
  UserProfileWire,
} from '../../api/contract/profile';
import { images } from '../db/schema';
import { createUser, signedInUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const ME = API_PATHS.getMe.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const noLinks = {
  facebook: '',
  instagram: '',
  youtube: '',
  linkedin: '',
  tiktok: '',
  twitter: '',
  snapchat: '',
};
const profile = (changes: Partial<SaveProfileRequestWire> = {}): SaveProfileRequestWire => ({
  screenName: 'Ada Lovelace',
  phone: '+49 170 1234567',
  position: 'Engineer',
  department: 'Analytics',
  bio: 'Wrote the first program.',
  imageId: null,
  links: { ...noLinks, linkedin: 'https://linkedin.com/in/ada' },
  location: { text: 'London', city: 'London', state: '', country: 'UK' },
  ...changes,
});

describe('GET /api/me', () => {
  it('answers the profile in the wire names of spec 3, valid against the contract', async () => {
    const { client, email, user } = await signedInUser(t, { screenName: 'Grace', isStaff: true });
    const response = await client.get(ME);
    expect(response.status).toBe(200);
    expect(v.safeParse(UserProfileWire, response.body).success).toBe(true);
    expect(response.body).toMatchObject({
      id: user.id,
      username: 'Grace',
      email,
      isStaff: true,
      isReader: false,
      accountConfirmationPending: false,
      twoFactorEnebled: false,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|totp|Hash/i);
  });

  it('says accountConfirmationPending until the address is confirmed', async () => {
    const { client } = await signedInUser(t, { confirmed: false });
    expect((await client.get(ME)).body).toMatchObject({ accountConfirmationPending: true });
  });

  it('answers 401 unknown_credential_error without a session', async () => {
    const response = await t.client().get(ME);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'unknown_credential_error' });
  });

  it('answers 401 for a forged session cookie', async () => {
    const client = t.client();
    client.cookies.set('session', 'forged');
    expect((await client.get(ME)).status).toBe(401);
  });
});

describe('PUT /api/me', () => {
  it('saves the profile and answers the saved fields (contract shape)', async () => {
    const { client } = await signedInUser(t);
    const response = await client.put(ME, profile());
    expect(response.status).toBe(200);
    expect(v.safeParse(SaveProfileAnswerWire, response.body).success).toBe(true);
    expect(response.body).toMatchObject({
      username: 'Ada Lovelace',
      phone: '+49 170 1234567',
      position: 'Engineer',
      links: { linkedin: 'https://linkedin.com/in/ada' },
      location: { city: 'London', country: 'UK' },
    });
    const me = await client.get(ME);
    expect(me.body).toMatchObject({
      username: 'Ada Lovelace',
      department: 'Analytics',
      bio: 'Wrote the first program.',
    });
  });

  it('clears a field sent as empty', async () => {
    const { client } = await signedInUser(t);
    await client.put(ME, profile());
    await client.put(ME, profile({ phone: '', bio: '' }));
    expect((await client.get(ME)).body).toMatchObject({ phone: null, bio: null });
  });

  it('answers string.phonenumber for an invalid phone', async () => {
    const { client } = await signedInUser(t);
    const response = await client.put(ME, profile({ phone: 'call me maybe' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      name: 'FieldValidationError',
      errors: [{ code: 'string.phonenumber', message: 'string.phonenumber', path: 'phone' }],
    });
  });

  it.each([
    ['screenName', { screenName: 'A' }, 'string.min'],
    ['screenName', { screenName: 'x'.repeat(101) }, 'string.max'],
    ['bio', { bio: 'x'.repeat(301) }, 'string.max'],
    ['phone', { phone: '1'.repeat(26) }, 'string.max'],
    ['links.facebook', { links: { ...noLinks, facebook: 'javascript:alert(1)' } }, 'string.uri'],
  ])('holds %s to the spec 5 limits', async (path, changes, code) => {
    const { client } = await signedInUser(t);
    const response = await client.put(ME, profile(changes as Partial<SaveProfileRequestWire>));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ code, path }] });
  });

  it('sets one’s own image and refuses someone else’s', async () => {
    const { client, user } = await signedInUser(t);
    const other = await createUser(t.db);
    const [mine] = await t.db
      .insert(images)
      .values({ userId: user.id, url: 'http://img.test/a.png' })
      .returning();
    const [theirs] = await t.db
      .insert(images)
      .values({ userId: other.user.id, url: 'http://img.test/b.png' })
      .returning();
    const ok = await client.put(ME, profile({ imageId: mine!.id }));
    expect(ok.body).toMatchObject({
      imageId: mine!.id,
      image: { id: mine!.id, url: 'http://img.test/a.png' },
    });
    const refused = await client.put(ME, profile({ imageId: theirs!.id }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ code: 'any.invalid', path: 'imageId' }] });
    for (const imageId of ['abc', '2147483648', 2147483648, 0]) {
      const junk = await client.put(ME, profile({ imageId }));
      expect(junk.status, String(imageId)).toBe(400);
    }
  });

  it('needs a session', async () => {
    expect((await t.client().put(ME, profile())).status).toBe(401);
  });
});

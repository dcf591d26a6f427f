import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { USER_LIMITS } from './limits';
import {
  emptyLinks,
  emptyLocation,
  fromSaveProfileAnswerWire,
  fromUserProfileWire,
  ProfileForm,
  type SaveProfileInput,
  SaveProfileRequestWire,
  toSaveProfileRequestWire,
  toUserProfileWire,
  type UserProfile,
  UserProfileWire,
} from './profile';
import { formErrors } from './validation';

const profile: UserProfile = {
  id: '42',
  screenName: 'Ann',
  email: 'ann@example.com',
  phone: '+49 170 1234567',
  position: 'Editor',
  department: 'News',
  bio: 'Hello',
  location: { text: 'Berlin, DE', city: 'Berlin', state: '', country: 'DE' },
  image: { id: '7', url: 'https://img.example/7.png' },
  imageId: '7',
  links: { ...emptyLinks(), facebook: 'https://facebook.com/ann' },
  isStaff: true,
  isReader: false,
  accountConfirmationPending: false,
  twoFactorEnabled: true,
};

describe('profile contract', () => {
  it('reads username and twoFactorEnebled from the wire and writes them back', () => {
    const wire = toUserProfileWire(profile);
    expect(wire.username).toBe('Ann');
    expect(wire.twoFactorEnebled).toBe(true);
    expect(fromUserProfileWire(v.parse(UserProfileWire, JSON.parse(JSON.stringify(wire))))).toEqual(profile);
  });

  it('fills unset wire fields with empty values', () => {
    const parsed = v.parse(UserProfileWire, { id: 3, username: 'Bo', email: 'bo@example.com', phone: null });
    const domain = fromUserProfileWire(parsed);
    expect(domain).toMatchObject({ id: '3', phone: '', image: null, imageId: null, twoFactorEnabled: false });
    expect(domain.location).toEqual(emptyLocation());
    expect(domain.links).toEqual(emptyLinks());
  });

  it('saves with screenName on the wire and reads username from the answer', () => {
    const input: SaveProfileInput = {
      screenName: 'Ann',
      phone: '',
      position: '',
      department: '',
      bio: '',
      imageId: null,
      links: emptyLinks(),
      location: emptyLocation(),
    };
    const wire = toSaveProfileRequestWire(input);
    expect(v.parse(SaveProfileRequestWire, wire)).toEqual(wire);
    expect(fromSaveProfileAnswerWire({ ...wire, username: 'Ann B' }).screenName).toBe('Ann B');
  });

  it('enforces the user limits and rejects bad phones and non-http links', () => {
    const base = v.parse(ProfileForm, { ...toSaveProfileRequestWire({ ...profile, imageId: null }) });
    const codes = (patch: object) =>
      formErrors(ProfileForm, { ...base, ...patch }).map((e) => `${e.field}:${e.code}`);
    expect(codes({})).toEqual([]);
    expect(codes({ bio: 'x'.repeat(USER_LIMITS.bio + 1) })).toEqual(['bio:string.max']);
    expect(codes({ screenName: 'A' })).toEqual(['screenName:string.min']);
    expect(codes({ phone: 'call me' })).toEqual(['phone:string.phonenumber']);
    expect(codes({ links: { ...emptyLinks(), twitter: 'javascript:alert(1)' } })).toEqual([
      'links.twitter:string.uri',
    ]);
  });
});

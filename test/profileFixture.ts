import { emptyLinks, emptyLocation, type UserProfile } from '../api/contract/profile';

/** A whole profile for tests of the account page, with the fields a test cares about given. */
export const aProfile = (fields: Partial<UserProfile> = {}): UserProfile => ({
  id: '1',
  screenName: 'Ada',
  email: 'ada@example.com',
  phone: '',
  position: '',
  department: '',
  bio: '',
  location: emptyLocation(),
  image: null,
  imageId: null,
  links: emptyLinks(),
  isStaff: false,
  isReader: false,
  accountConfirmationPending: false,
  twoFactorEnabled: false,
  ...fields,
});

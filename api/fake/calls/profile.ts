/** Profile calls of the fake (spec 7): GET /api/me (401 until login), PUT /api/me, POST /api/me/confirmation. */
import {
  fromSaveProfileRequestWire,
  type ImageRef,
  SaveProfileRequestWire,
  toSaveProfileAnswerWire,
  toUserProfileWire,
  type UserProfile,
  VALIDATION_CODES,
} from '../../contract';
import { type FakeResolvers, requireUser } from '../context';
import { failField, json, ok, parse } from '../reply';
import type { FakeStore, FakeUser } from '../store';

const imageOf = (store: FakeStore, user: FakeUser): ImageRef | null => {
  const image = store.state.images.find((row) => row.id === user.imageId && row.ownerEmail === user.email);
  return image ? { id: image.id, url: image.url } : null;
};

export const profileOf = (store: FakeStore, user: FakeUser): UserProfile => ({
  id: user.id,
  screenName: user.screenName,
  email: user.email,
  phone: user.phone,
  position: user.position,
  department: user.department,
  bio: user.bio,
  location: { ...user.location },
  image: imageOf(store, user),
  imageId: user.imageId,
  links: { ...user.links },
  isStaff: user.isStaff,
  isReader: user.isReader,
  accountConfirmationPending: user.accountConfirmationPending,
  twoFactorEnabled: user.twoFactorEnabled,
});

export const profileResolvers: FakeResolvers<'getMe' | 'saveProfile' | 'resendConfirmation'> = {
  getMe: (call) => json(toUserProfileWire(profileOf(call.store, requireUser(call)))),

  saveProfile: (call) => {
    const user = requireUser(call);
    // A bad phone answers FieldValidationError string.phonenumber (spec 5), straight from the contract's schema.
    const input = fromSaveProfileRequestWire(parse(SaveProfileRequestWire, call.body));
    const ownsImage = call.store.state.images.some(
      (row) => row.id === input.imageId && row.ownerEmail === user.email,
    );
    if (input.imageId !== null && !ownsImage) throw failField('imageId', VALIDATION_CODES.type);
    Object.assign(user, {
      screenName: input.screenName,
      phone: input.phone,
      position: input.position,
      department: input.department,
      bio: input.bio,
      imageId: input.imageId,
      links: input.links,
      location: input.location,
    });
    return json(toSaveProfileAnswerWire(profileOf(call.store, user)));
  },

  // The fake sends no mail (the confirmation link is /confirm?token=...: README, scenario accounts); like the
  // server it answers ok for a signed-in user, confirmed or not.
  resendConfirmation: (call) => {
    requireUser(call);
    return ok();
  },
};

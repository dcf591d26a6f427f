/**
 * The profile edit form's vocabulary (spec 2 Me page: Profile edit; spec 4 Profile save; spec 5 limits; spec 8):
 * its fields, its two tabs, how a form value becomes the PUT /api/me input, and where a refusal is shown.
 */
import type { ActorRefFrom } from 'xstate';
import type { ImageRef } from '../../api/contract/common';
import type { SocialNetwork } from '../../api/contract/limits';
import type { Location, SocialLinks, UserProfile } from '../../api/contract/profile';
import type { Refusal } from '../form/refusal';
import type { profileEditMachine } from './profileEdit.machine';
import type { PERSONAL_FIELDS, PROFILE_TABS } from './profileEdit.rules';

export type ProfileTab = (typeof PROFILE_TABS)[number];
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type LinkField = `links.${SocialNetwork}`;
/** Every field the user types into; 'location' is the location text (spec 3), the address limit of spec 5. */
export type ProfileField = PersonalField | LinkField;

export interface ProfileValues {
  screenName: string;
  position: string;
  department: string;
  phone: string;
  bio: string;
  location: Location;
  links: SocialLinks;
  /** The avatar as the avatar field last reported it (avatarUpload): null for none. */
  image: ImageRef | null;
}

export type ProfileFieldErrors = Partial<Record<ProfileField, string>>;

export interface ProfileEditContext {
  values: ProfileValues;
  tab: ProfileTab;
  /** spec 5 validation codes or the server's field codes (string.phonenumber...) under their fields. */
  fieldErrors: ProfileFieldErrors;
  /** A refusal on no field (rate limit, unknown error): the form error; every typed value is kept. */
  error: Refusal | undefined;
}

export type ProfileEditEvent =
  /** The Edit button: the form opens on the page's profile as it is now (the one the route keeps). */
  | { type: 'open'; profile: UserProfile }
  | { type: 'field.change'; field: ProfileField; value: string }
  | { type: 'tab.select'; tab: ProfileTab }
  /** The avatar field changed the picture (uploaded, deleted, or back to the saved one). */
  | { type: 'image.change'; image: ImageRef | null }
  | { type: 'save' }
  | { type: 'cancel' };

export type ProfileEditActorRef = ActorRefFrom<typeof profileEditMachine>;

/**
 * The user profile (spec 3) and its calls: GET /api/me, PUT /api/me. The wire says `username` and
 * `twoFactorEnebled` (spelt so); the app says `screenName` and `twoFactorEnabled`.
 */
import * as v from 'valibot';
import {
  fromIdWire,
  fromImageRefWire,
  IdWire,
  type ImageRef,
  ImageRefWire,
  optionalText,
  ScreenNameSchema,
  toImageRefWire,
  VALIDATION_CODES,
} from './common';
import { LINK_MAX, PHONE_MIN_DIGITS, SOCIAL_NETWORKS, type SocialNetwork, USER_LIMITS } from './limits';

// ---------------------------------------------------------------------------------------------- field rules

/**
 * Loose phone shape: empty, or an optional + then digits, spaces, brackets, dots, slashes, dashes. A regex (not a
 * check) so that the OpenAPI document carries it as a pattern.
 */
const PHONE_PATTERN = /^(|\+?[0-9 ()./-]+)$/;
const countDigits = (value: string) => value.replace(/\D/g, '').length;
/** spec 5: phone max 25; a malformed number is 'string.phonenumber' ('Please enter a valid phone number'). */
export const PhoneSchema = v.pipe(
  optionalText(USER_LIMITS.phone),
  v.regex(PHONE_PATTERN, VALIDATION_CODES.phone),
  v.check((value) => value === '' || countDigits(value) >= PHONE_MIN_DIGITS, VALIDATION_CODES.phone),
);
/** Shown in the phone hint (spec 2: 'Phone number should be in the following format: {phone}'). */
export const PHONE_EXAMPLE = '+49 170 1234567';

/**
 * Social links are empty or http(s) only: they are rendered as hrefs, so javascript: and the like must never pass.
 * The scheme in any case, spelled out rather than an i flag, which a JSON Schema pattern cannot carry.
 */
const LINK_PATTERN = /^(|[hH][tT][tT][pP][sS]?:\/\/\S+)$/;
export const LinkSchema = v.pipe(optionalText(LINK_MAX), v.regex(LINK_PATTERN, VALIDATION_CODES.uri));

const linkEntries = <T>(schema: T) =>
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, schema])) as Record<SocialNetwork, T>;

export type SocialLinks = Record<SocialNetwork, string>;
export const emptyLinks = (): SocialLinks => linkEntries('');

export interface Location {
  text: string;
  city: string;
  state: string;
  country: string;
}
export const emptyLocation = (): Location => ({ text: '', city: '', state: '', country: '' });

const LocationSchema = v.object({
  text: optionalText(USER_LIMITS.address),
  city: optionalText(USER_LIMITS.address),
  state: optionalText(USER_LIMITS.address),
  country: optionalText(USER_LIMITS.address),
});

// ---------------------------------------------------------------------------------------------- wire pieces

/** Servers send null or leave out unset text; the app uses ''. */
const NullableText = v.nullish(v.string());
const LocationWire = v.object({
  text: NullableText,
  city: NullableText,
  state: NullableText,
  country: NullableText,
});
type LocationWire = v.InferOutput<typeof LocationWire>;
const LinksWire = v.object(linkEntries(NullableText));
type LinksWire = v.InferOutput<typeof LinksWire>;

const fromLocationWire = (wire: LocationWire | null | undefined): Location => ({
  text: wire?.text ?? '',
  city: wire?.city ?? '',
  state: wire?.state ?? '',
  country: wire?.country ?? '',
});
const fromLinksWire = (wire: LinksWire | null | undefined): SocialLinks =>
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, wire?.[network] ?? ''])) as SocialLinks;

// ---------------------------------------------------------------------------------------------- the profile

/**
 * The id of the inert JSON script in which the server sends /me with the GET /api/me answer of the session it
 * checked, when it draws the page's first screen (server/sitePage.ts, api/pageProfile.ts).
 */
export const PAGE_PROFILE_ID = 'page-profile';

/** GET /api/me answer (spec 3 User). */
export const UserProfileWire = v.object({
  id: IdWire,
  username: v.string(),
  email: v.string(),
  phone: NullableText,
  position: NullableText,
  department: NullableText,
  bio: NullableText,
  location: v.nullish(LocationWire),
  image: v.nullish(ImageRefWire),
  imageId: v.nullish(IdWire),
  links: v.nullish(LinksWire),
  isStaff: v.optional(v.boolean(), false),
  isReader: v.optional(v.boolean(), false),
  accountConfirmationPending: v.optional(v.boolean(), false),
  twoFactorEnebled: v.optional(v.boolean(), false),
});
export type UserProfileWire = v.InferOutput<typeof UserProfileWire>;

export interface UserProfile {
  id: string;
  screenName: string;
  /** Read-only (spec 3). */
  email: string;
  phone: string;
  position: string;
  department: string;
  bio: string;
  location: Location;
  image: ImageRef | null;
  imageId: string | null;
  links: SocialLinks;
  isStaff: boolean;
  isReader: boolean;
  accountConfirmationPending: boolean;
  twoFactorEnabled: boolean;
}

export const fromUserProfileWire = (wire: UserProfileWire): UserProfile => ({
  id: fromIdWire(wire.id),
  screenName: wire.username,
  email: wire.email,
  phone: wire.phone ?? '',
  position: wire.position ?? '',
  department: wire.department ?? '',
  bio: wire.bio ?? '',
  location: fromLocationWire(wire.location),
  image: wire.image ? fromImageRefWire(wire.image) : null,
  imageId: wire.imageId == null ? null : fromIdWire(wire.imageId),
  links: fromLinksWire(wire.links),
  isStaff: wire.isStaff,
  isReader: wire.isReader,
  accountConfirmationPending: wire.accountConfirmationPending,
  twoFactorEnabled: wire.twoFactorEnebled,
});

export const toUserProfileWire = (profile: UserProfile): UserProfileWire => ({
  id: profile.id,
  username: profile.screenName,
  email: profile.email,
  phone: profile.phone,
  position: profile.position,
  department: profile.department,
  bio: profile.bio,
  location: { ...profile.location },
  image: profile.image ? toImageRefWire(profile.image) : null,
  imageId: profile.imageId,
  links: { ...profile.links },
  isStaff: profile.isStaff,
  isReader: profile.isReader,
  accountConfirmationPending: profile.accountConfirmationPending,
  twoFactorEnebled: profile.twoFactorEnabled,
});

// ---------------------------------------------------------------------------------------------- save profile

/** spec 5: the profile edit form (Personal info and Social profiles tabs). */
export const ProfileForm = v.object({
  screenName: ScreenNameSchema,
  phone: PhoneSchema,
  position: optionalText(USER_LIMITS.position),
  department: optionalText(USER_LIMITS.department),
  bio: optionalText(USER_LIMITS.bio),
  imageId: v.nullable(v.string()),
  links: v.object(linkEntries(LinkSchema)),
  location: LocationSchema,
});
export type ProfileForm = v.InferOutput<typeof ProfileForm>;
export type SaveProfileInput = ProfileForm;

/** PUT /api/me body (spec 7: phone, screenName, position, department, bio, imageId, links, location). */
export const SaveProfileRequestWire = v.object({
  ...ProfileForm.entries,
  imageId: v.nullable(IdWire),
});
export type SaveProfileRequestWire = v.InferOutput<typeof SaveProfileRequestWire>;

export const toSaveProfileRequestWire = (input: SaveProfileInput): SaveProfileRequestWire => ({
  screenName: input.screenName,
  phone: input.phone,
  position: input.position,
  department: input.department,
  bio: input.bio,
  imageId: input.imageId,
  links: { ...input.links },
  location: { ...input.location },
});
export const fromSaveProfileRequestWire = (wire: SaveProfileRequestWire): SaveProfileInput => ({
  ...wire,
  imageId: wire.imageId == null ? null : fromIdWire(wire.imageId),
  links: { ...wire.links },
  location: { ...wire.location },
});

/** PUT /api/me answer (spec 7: username, phone, department, position, bio, location, links; image if sent). */
export const SaveProfileAnswerWire = v.object({
  username: v.string(),
  phone: NullableText,
  department: NullableText,
  position: NullableText,
  bio: NullableText,
  location: v.nullish(LocationWire),
  links: v.nullish(LinksWire),
  image: v.optional(v.nullable(ImageRefWire)),
  imageId: v.optional(v.nullable(IdWire)),
});
export type SaveProfileAnswerWire = v.InferOutput<typeof SaveProfileAnswerWire>;

/** What a save gives back, merged into the profile by the profile machine (spec 4: data merged). */
export type SavedProfile = Pick<
  UserProfile,
  'screenName' | 'phone' | 'department' | 'position' | 'bio' | 'location' | 'links'
> &
  Partial<Pick<UserProfile, 'image' | 'imageId'>>;

export const fromSaveProfileAnswerWire = (wire: SaveProfileAnswerWire): SavedProfile => ({
  screenName: wire.username,
  phone: wire.phone ?? '',
  department: wire.department ?? '',
  position: wire.position ?? '',
  bio: wire.bio ?? '',
  location: fromLocationWire(wire.location),
  links: fromLinksWire(wire.links),
  ...(wire.image !== undefined ? { image: wire.image ? fromImageRefWire(wire.image) : null } : {}),
  ...(wire.imageId !== undefined ? { imageId: wire.imageId == null ? null : fromIdWire(wire.imageId) } : {}),
});
export const toSaveProfileAnswerWire = (saved: SavedProfile): SaveProfileAnswerWire => ({
  username: saved.screenName,
  phone: saved.phone,
  department: saved.department,
  position: saved.position,
  bio: saved.bio,
  location: { ...saved.location },
  links: { ...saved.links },
  ...(saved.image !== undefined ? { image: saved.image ? toImageRefWire(saved.image) : null } : {}),
  ...(saved.imageId !== undefined ? { imageId: saved.imageId } : {}),
});

/** Wire field -> domain field for FieldValidationError paths of PUT /api/me. */
export const PROFILE_FIELD_NAMES = { saveProfile: { username: 'screenName' } } as const;

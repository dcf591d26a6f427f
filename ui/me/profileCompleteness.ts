import type { UserProfile } from '../../api/contract/profile';

/**
 * 'Please complete your profile!' shows while any of bio, phone, department or position is missing
 * (/work/shared/DECISIONS.md reverses the spec's observed 'all present').
 */
export const profileIncomplete = (profile: Pick<UserProfile, CompletenessField>) =>
  missingProfileFields(profile).length > 0;

/** The fields the banner asks for, in the order the edit form shows them. */
export const COMPLETENESS_FIELDS = ['position', 'department', 'phone', 'bio'] as const;
export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number];

/** Which of them are still empty, so the banner can say what is missing. */
export const missingProfileFields = (profile: Pick<UserProfile, CompletenessField>): CompletenessField[] =>
  COMPLETENESS_FIELDS.filter((field) => profile[field].trim() === '');

/** spec 2 Me page: the bio is cropped, with a More/Less toggle, past this many characters (ours: half the limit). */
export const BIO_PREVIEW_LENGTH = 150;

/** The bio as shown while collapsed: whole words up to the preview length, then an ellipsis. */
export function croppedBio(bio: string, length = BIO_PREVIEW_LENGTH): string {
  if (bio.length <= length) return bio;
  const cut = bio.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

import type { ApiFailure } from '../../api/contract/errorCodes';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../api/contract/limits';
import {
  emptyLinks,
  emptyLocation,
  ProfileForm,
  type SaveProfileInput,
  type UserProfile,
} from '../../api/contract/profile';
import { formErrors } from '../../api/contract/validation';
import { type FormPlaces, firstErrorPerField } from '../form/refusal';
import type {
  LinkField,
  PersonalField,
  ProfileEditContext,
  ProfileField,
  ProfileFieldErrors,
  ProfileTab,
  ProfileValues,
} from './profileEdit.types';

/** spec 2 Me page: the form's two tabs. */
export const PROFILE_TABS = ['personal', 'social'] as const;

export const PERSONAL_FIELDS = ['screenName', 'position', 'department', 'phone', 'location', 'bio'] as const;
export const LINK_FIELDS: readonly LinkField[] = SOCIAL_NETWORKS.map(
  (network) => `links.${network}` as const,
);

export const tabOf = (field: ProfileField): ProfileTab =>
  field.startsWith('links.') ? 'social' : 'personal';

export const valuesOf = (profile: UserProfile): ProfileValues => ({
  screenName: profile.screenName,
  position: profile.position,
  department: profile.department,
  phone: profile.phone,
  bio: profile.bio,
  location: { ...profile.location },
  links: { ...profile.links },
  image: profile.image,
});

export const initialContext = (): ProfileEditContext => ({
  values: {
    screenName: '',
    position: '',
    department: '',
    phone: '',
    bio: '',
    location: emptyLocation(),
    links: emptyLinks(),
    image: null,
  },
  tab: 'personal',
  fieldErrors: {},
  error: undefined,
});

/** The text a field shows. */
export const fieldValue = (values: ProfileValues, field: ProfileField): string => {
  if (field === 'location') return values.location.text;
  if (field.startsWith('links.')) return values.links[field.slice('links.'.length) as SocialNetwork];
  return values[field as Exclude<PersonalField, 'location'>];
};

export const withField = (values: ProfileValues, field: ProfileField, value: string): ProfileValues => {
  if (field === 'location') return { ...values, location: { ...values.location, text: value } };
  if (field.startsWith('links.'))
    return { ...values, links: { ...values.links, [field.slice('links.'.length)]: value } };
  return { ...values, [field]: value };
};

/** PUT /api/me input (spec 7 Save profile); the contract's schema trims and checks it. */
export const saveInput = (values: ProfileValues): SaveProfileInput => ({
  screenName: values.screenName,
  phone: values.phone,
  position: values.position,
  department: values.department,
  bio: values.bio,
  imageId: values.image?.id ?? null,
  links: { ...values.links },
  location: { ...values.location },
});

/** Contract paths ('location.text', 'links.facebook') -> the form's field names ('location', 'facebook'). */
const fieldName = (path: string): string => (path.startsWith('location') ? 'location' : path);

/** spec 4 Profile save: every field of both tabs, in form order (the form kit's refusalFrom reads it). */
export const PROFILE_PLACES: FormPlaces<ProfileField> = { fields: [...PERSONAL_FIELDS, ...LINK_FIELDS] };

/** A failure whose field errors name the form's fields, so the form kit places them. */
export const withFormFields = (failure: ApiFailure): ApiFailure => ({
  ...failure,
  fieldErrors: failure.fieldErrors.map((error) => ({ ...error, field: fieldName(error.field) })),
});

/** spec 5: the first code of each invalid field, from the contract's schema (shared with the server). */
export const validationErrors = (values: ProfileValues): ProfileFieldErrors =>
  firstErrorPerField(
    formErrors(ProfileForm, saveInput(values)).map((error) => ({ ...error, field: fieldName(error.field) })),
    PROFILE_PLACES.fields,
  );

/** The tab holding the first field in error (in form order), so that the user sees why the save did not go. */
export const tabOfFirstError = (errors: ProfileFieldErrors, current: ProfileTab): ProfileTab => {
  const first = [...PERSONAL_FIELDS, ...LINK_FIELDS].find((field) => errors[field] !== undefined);
  return first ? tabOf(first) : current;
};

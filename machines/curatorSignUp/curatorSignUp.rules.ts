import { CuratorSignUpForm, type RegisterCuratorInput } from '../../api/contract/registration';
import { followedSubdomain } from '../../api/contract/subdomain';
import { formErrors } from '../../api/contract/validation';
import { type FormPlaces, firstErrorPerField } from '../form/refusal';
import type { CuratorField, CuratorFieldErrors, CuratorSignUpContext } from './curatorSignUp.types';

export const initialContext = (): CuratorSignUpContext => ({
  channelName: '',
  subdomain: followedSubdomain(),
  subdomainOpen: false,
  screenName: '',
  email: '',
  password: '',
  terms: false,
  fieldErrors: {},
  error: undefined,
});

const formValue = (context: CuratorSignUpContext) => ({
  channelName: context.channelName,
  channelSubdomain: context.subdomain.value,
  screenName: context.screenName,
  email: context.email,
  password: context.password,
  terms: context.terms,
});

/** spec 5: the first validation code of each invalid field (the contract's schema, shared with the server). */
export const validationErrors = (context: CuratorSignUpContext): CuratorFieldErrors =>
  firstErrorPerField(formErrors(CuratorSignUpForm, formValue(context)), [...CURATOR_PLACES.fields, 'terms']);

export const isFormValid = (context: CuratorSignUpContext): boolean =>
  Object.keys(validationErrors(context)).length === 0;

export const callInput = (context: CuratorSignUpContext): RegisterCuratorInput => ({
  channelName: context.channelName,
  channelSubdomain: context.subdomain.value,
  screenName: context.screenName,
  email: context.email,
  password: context.password,
});

/**
 * spec 8, shown where the user acts: the e-mail taken under the e-mail, the two subdomain errors under the
 * subdomain (the machine opens the pencil so it can be fixed), a server's field errors under their fields; anything
 * else (rate limits, unknown errors) a form error.
 */
export const CURATOR_PLACES: FormPlaces<CuratorField> = {
  fields: ['channelName', 'channelSubdomain', 'screenName', 'email', 'password'],
  placed: {
    email_already_exist_error: 'email',
    password_breached_error: 'password',
    channel_subdomain_already_exist_error: 'channelSubdomain',
    channel_subdomain_is_malformed_error: 'channelSubdomain',
  },
};

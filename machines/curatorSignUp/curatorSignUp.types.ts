/**
 * The curator sign-up's vocabulary (spec 2 Register (curator), 4, 5, 8): the form's fields, the subdomain that
 * follows the channel name until edited, and where each refusal of spec 8 is shown.
 */
import type { ApiFailure, ErrorCode } from '../../api/contract/errorCodes';
import { CuratorSignUpForm, type RegisterCuratorInput } from '../../api/contract/registration';
import { type FollowedSubdomain, followedSubdomain } from '../../api/contract/subdomain';
import { formErrors } from '../../api/contract/validation';
import type { FormPlaces, Refusal } from '../form/refusal';

export type CuratorField = 'channelName' | 'channelSubdomain' | 'screenName' | 'email' | 'password';
export type CuratorFieldErrors = Partial<Record<CuratorField | 'terms', string>>;

export interface CuratorSignUpContext {
  channelName: string;
  /** spec 5: follows the normalised channel name until the user types into it. */
  subdomain: FollowedSubdomain;
  /** spec 2: the pencil toggle; open shows the subdomain as a field, closed as the preview only. */
  subdomainOpen: boolean;
  screenName: string;
  email: string;
  password: string;
  terms: boolean;
  /** spec 5 validation codes or spec 8 codes under their fields. */
  fieldErrors: CuratorFieldErrors;
  /** A refusal shown as a form error (rate limits, unknown errors); every typed value is kept. */
  error: Refusal | undefined;
}

export type CuratorSignUpEvent =
  | { type: 'field.change'; field: CuratorField; value: string }
  | { type: 'terms.change'; checked: boolean }
  | { type: 'subdomain.toggle' }
  | { type: 'form.submit' };

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
export const validationErrors = (context: CuratorSignUpContext): CuratorFieldErrors => {
  const errors: CuratorFieldErrors = {};
  for (const error of formErrors(CuratorSignUpForm, formValue(context))) {
    const field = error.field as keyof CuratorFieldErrors;
    errors[field] ??= error.code;
  }
  return errors;
};

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
    channel_subdomain_already_exist_error: 'channelSubdomain',
    channel_subdomain_is_malformed_error: 'channelSubdomain',
  },
};

/**
 * The set-password flow's vocabulary (spec 2 Set new password, 4 Set password, 5, 8): the new password field,
 * its events, and what spec 8 does with each refusal.
 */
import * as v from 'valibot';
import { NewPasswordForm, type SetNewPasswordInput } from '../../api/contract/auth';
import type { ApiFailure } from '../../api/contract/errorCodes';
import { formErrors } from '../../api/contract/validation';
import type { FormPlaces } from '../form/refusal';
import type { SetPasswordContext } from './setPassword.types';

/** spec 4 Set password: an empty token is invalid before any call. */
export const hasToken = (context: SetPasswordContext): boolean => context.token.trim() !== '';

/** spec 5: true when the form may be sent. */
export const isFormValid = (context: SetPasswordContext): boolean =>
  v.safeParse(NewPasswordForm, { newPassword: context.newPassword }).success;

/** spec 5: the first validation code of the new password, if it is invalid. */
export const validationErrors = (context: SetPasswordContext): { newPassword?: string } => {
  const [first] = formErrors(NewPasswordForm, { newPassword: context.newPassword });
  return first ? { newPassword: first.code } : {};
};

export const callInput = (context: SetPasswordContext): SetNewPasswordInput => ({
  token: context.token,
  newPassword: context.newPassword,
});

/** spec 8: the token was refused (api/errors.ts also maps Forbidden 'not found' on these calls to this code). */
export const isTokenRefusal = (failure: ApiFailure): boolean =>
  failure.code === 'forgot_password_token_invalid_error';

/** spec 8: a server's field error on the new password (path pwd, shown as newPassword) goes under the field. */
export const SET_PASSWORD_PLACES: FormPlaces<'newPassword'> = {
  fields: ['newPassword'],
  placed: { password_breached_error: 'newPassword' },
};

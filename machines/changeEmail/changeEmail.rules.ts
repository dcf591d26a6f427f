/** The changeEmail flow's rules (machines/form/README.md: File roles). */
import { type ChangeEmailInput, changeEmailForm } from '../../api/contract/security';
import { formErrors } from '../../api/contract/validation';
import { type FieldErrors, type FormPlaces, firstErrorPerField } from '../form/refusal';
import type { ChangeEmailContext, ChangeEmailField } from './changeEmail.types';

/**
 * spec 8: a server's field error on the address stands under it, and so does an address another account has
 * (email_already_exist_error, as at sign-up); anything else (a rate limit, a failure) is a form error.
 */
export const CHANGE_EMAIL_PLACES: FormPlaces<ChangeEmailField> = {
  fields: ['email'],
  placed: { email_already_exist_error: 'email' },
};

const errorsOf = (context: ChangeEmailContext) =>
  formErrors(changeEmailForm(context.currentEmail), { email: context.email });

/** spec 5: the form may be sent (a valid address, not the account's own in any case). */
export const isFormValid = (context: ChangeEmailContext): boolean => errorsOf(context).length === 0;

/** spec 5: the first validation code of the field. */
export const validationErrors = (context: ChangeEmailContext): FieldErrors<ChangeEmailField> =>
  firstErrorPerField(errorsOf(context), CHANGE_EMAIL_PLACES.fields);

/** POST /api/me/email with the address trimmed, as the server's schema keeps it. */
export const requestOf = (context: ChangeEmailContext): ChangeEmailInput => ({ email: context.email.trim() });

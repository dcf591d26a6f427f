/** The changePassword flow's rules (machines/form/README.md: File roles). */
import { ChangePasswordForm } from '../../api/contract/security';
import { formErrors } from '../../api/contract/validation';
import { type FieldErrors, type FormPlaces, firstErrorPerField } from '../form/refusal';
import type { ChangePasswordContext, ChangePasswordField } from './changePassword.types';

/** spec 8: a server's field error on the new password (wire pwd) stands under it; anything else is a form error. */
export const CHANGE_PASSWORD_PLACES: FormPlaces<ChangePasswordField> = {
  fields: ['newPassword', 'confirmation'],
  placed: { password_breached_error: 'newPassword' },
};

const formOf = (context: ChangePasswordContext) => ({
  newPassword: context.newPassword,
  confirmation: context.confirmation,
});

/** spec 5: the form may be sent (sign-up rules, the same confirmation). */
export const isFormValid = (context: ChangePasswordContext): boolean =>
  formErrors(ChangePasswordForm, formOf(context)).length === 0;

/** spec 5: the first validation code of each field. */
export const validationErrors = (context: ChangePasswordContext): FieldErrors<ChangePasswordField> =>
  firstErrorPerField(formErrors(ChangePasswordForm, formOf(context)), CHANGE_PASSWORD_PLACES.fields);

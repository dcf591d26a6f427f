/** The change-password flow's vocabulary (docs/decisions.md: Changing the password): fields, events, places. */
import { ChangePasswordForm, type ChangePasswordInput } from '../../api/contract/security';
import { formErrors } from '../../api/contract/validation';
import { type FieldErrors, type FormPlaces, firstErrorPerField, type Refusal } from '../form/refusal';

export type ChangePasswordField = 'newPassword' | 'confirmation';

export interface ChangePasswordMachineInput {
  /** spec 3 twoFactorEnebled: the step-up asks for a code instead of the password. */
  twoFactorEnabled: boolean;
}

export interface ChangePasswordContext {
  twoFactorEnabled: boolean;
  newPassword: string;
  confirmation: string;
  fieldErrors: FieldErrors<ChangePasswordField>;
  error: Refusal | undefined;
}

export type ChangePasswordEvent =
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  | { type: 'field.change'; field: ChangePasswordField; value: string }
  | { type: 'form.submit' }
  /** The step-up form's Cancel: back to the form, nothing sent. */
  | { type: 'stepUp.cancel' };

export type { ChangePasswordInput };

/** spec 8: a server's field error on the new password (wire pwd) stands under it; anything else is a form error. */
export const CHANGE_PASSWORD_PLACES: FormPlaces<ChangePasswordField> = {
  fields: ['newPassword', 'confirmation'],
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

/** The change-password flow's vocabulary (docs/decisions/security.md: Changing the password): fields, events, places. */
import type { ChangePasswordInput } from '../../api/contract/security';
import type { FieldErrors, Refusal } from '../form/refusal';

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

/** The change-e-mail flow's vocabulary (docs/decisions/security.md: Changing the e-mail address): fields, events, places. */
import type { ChangeEmailInput } from '../../api/contract/security';
import type { FieldErrors, Refusal } from '../form/refusal';

export type ChangeEmailField = 'email';

export interface ChangeEmailMachineInput {
  /** The account's address now (spec 3 email): shown, and the new one must differ from it. */
  currentEmail: string;
  /** spec 3 twoFactorEnebled: the step-up asks for a code instead of the password. */
  twoFactorEnabled: boolean;
}

export interface ChangeEmailContext {
  currentEmail: string;
  twoFactorEnabled: boolean;
  /** The new address as typed. */
  email: string;
  /** Where the link went (the end state names it); '' until a request was taken. */
  sentTo: string;
  fieldErrors: FieldErrors<ChangeEmailField>;
  error: Refusal | undefined;
}

export type ChangeEmailEvent =
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  | { type: 'field.change'; field: ChangeEmailField; value: string }
  | { type: 'form.submit' }
  /** The step-up form's Cancel: back to the form, nothing sent. */
  | { type: 'stepUp.cancel' };

export type { ChangeEmailInput };

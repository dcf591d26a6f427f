/** The setPassword machine's types (context, events, input); its rules are in setPassword.rules.ts. */
import type { Refusal } from '../form/refusal';

export interface SetPasswordContext {
  /** The reset token of the link (spec 2: the `token` query parameter); '' when the link has none. */
  token: string;
  newPassword: string;
  /** spec 5 validation code under the field ('any.required', 'string.min'), from the contract's schema. */
  fieldErrors: { newPassword?: string };
  /** The last refusal of the submit shown as a form error (spec 8); undefined while none is shown. */
  error: Refusal | undefined;
  /** The recovery review's token the new password answered (docs/decisions/security.md: Recovery review); '' before and after. */
  reviewToken: string;
  /** The review ended because its token was refused (its half hour ran out), not by Done. */
  reviewExpired: boolean;
}

export interface SetPasswordMachineInput {
  token?: string;
}

export type SetPasswordEvent =
  | { type: 'field.change'; field: 'newPassword'; value: string }
  | { type: 'form.submit' };

import type { DeleteAccountInput, SoleAdminDetailsWire } from '../../api/contract/security';
import type { Refusal } from '../form/refusal';

export interface DeleteAccountMachineInput {
  /** The account's e-mail: what the person types to confirm. */
  email: string;
  /** spec 3 twoFactorEnebled: the step-up asks for a code instead of the password. */
  twoFactorEnabled: boolean;
}

/** A place that would be left without an admin (details.places of account_sole_admin_error). */
export type SoleAdminPlace = SoleAdminDetailsWire['places'][number];

export interface DeleteAccountContext {
  email: string;
  twoFactorEnabled: boolean;
  confirmation: string;
  /** A refusal of the call; the places of account_sole_admin_error are in `places`. */
  error: Refusal | undefined;
  fieldErrors: { confirmation?: string };
  places: SoleAdminPlace[];
}

export type DeleteAccountEvent =
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  | { type: 'field.change'; field: 'confirmation'; value: string }
  | { type: 'form.submit' }
  | { type: 'stepUp.cancel' };

export type { DeleteAccountInput };

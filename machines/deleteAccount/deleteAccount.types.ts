/** The delete-account flow's vocabulary (docs/decisions.md: Deleting an account). */
import * as v from 'valibot';
import { confirmsAccount, type DeleteAccountInput, SoleAdminDetailsWire } from '../../api/contract/security';
import type { FormPlaces, Refusal } from '../form/refusal';

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

/** spec 8: the server's refusal of the typed confirmation stands under it. */
export const DELETE_ACCOUNT_PLACES: FormPlaces<'confirmation'> = { fields: ['confirmation'] };

/** The typed confirmation is the account's e-mail (any case): the button is enabled only then. */
export const confirmationMatches = (context: DeleteAccountContext): boolean =>
  confirmsAccount(context.confirmation, context.email);

/** The places a sole-admin refusal names; none when its details are missing or malformed. */
export const placesOf = (details: Record<string, unknown> | undefined): SoleAdminPlace[] => {
  const parsed = v.safeParse(SoleAdminDetailsWire, details);
  return parsed.success ? parsed.output.places : [];
};

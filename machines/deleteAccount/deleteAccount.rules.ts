/** The deleteAccount flow's rules (machines/form/README.md: File roles). */
import * as v from 'valibot';
import { confirmsAccount, SoleAdminDetailsWire } from '../../api/contract/security';
import type { FormPlaces } from '../form/refusal';
import type { DeleteAccountContext, SoleAdminPlace } from './deleteAccount.types';

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

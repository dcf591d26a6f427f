/** Pure rules of the /me two-factor panel, shared by the machine and the view (each rule lives once). */
import { everyRefusalUnder, type FormPlaces } from '../form/refusal';

/** docs/decisions/product.md: The two-factor panel on /me: the panel warns at this many remaining recovery codes or fewer. */
export const RECOVERY_CODES_LOW = 2;

/** Two-factor is on and this many codes (or fewer) are left: time for new ones. */
export const isRunningLow = (remaining: number | undefined): boolean =>
  remaining !== undefined && remaining <= RECOVERY_CODES_LOW;

/**
 * spec 8: where the panel shows a refusal (the form kit's refusalFrom reads it). The count and the secret have no
 * form: their refusal is the panel's own message; a refused regeneration stands under its code.
 */
export const TWO_FACTOR_PANEL_PLACES: Record<'panel' | 'regenerate', FormPlaces<string>> = {
  panel: { fields: [] },
  regenerate: everyRefusalUnder('regenerateCode'),
};

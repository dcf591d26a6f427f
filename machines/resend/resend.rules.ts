/**
 * The rules of 'Send again' on a 'check your e-mail' place (docs/decisions/product.md: Check your e-mail): the one
 * wait the machine's `resendWait` delay and the view part's countdown use, and where a refused 'Send again' goes.
 */
import type { FormPlaces } from '../form/refusal';

/**
 * How long 'Send again' waits after each mail, so a second mail is asked only once the first had time to arrive
 * (the server's per-recipient mail limit still decides).
 */
export const RESEND_WAIT_SECONDS = 60;

/** The machine's `resendWait` delay. */
export const RESEND_WAIT_MS = RESEND_WAIT_SECONDS * 1000;

/** A refused 'Send again' is said above its button: a form error, never under a field (the place has none). */
export const RESEND_PLACES: FormPlaces<never> = { fields: [] };

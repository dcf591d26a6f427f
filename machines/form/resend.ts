/**
 * The kit's part for 'Send again' on a 'check your e-mail' place (docs/decisions/product.md: Check your e-mail): the one
 * wait every machine's `resendWait` delay and every countdown use, and where a refused 'Send again' is shown.
 * Every such machine has the same shape: `waitingToResend` (after resendWait) -> `canResend` (mail.resend) ->
 * `resending` (the same request again, invoke id `resendMail`) -> `waitingToResend`, a refusal kept as a Refusal.
 */
import type { FormPlaces } from './refusal';

/**
 * How long 'Send again' waits after each mail, so a second mail is asked only once the first had time to arrive
 * (the server's per-recipient mail limit still decides).
 */
export const RESEND_WAIT_SECONDS = 60;

/** The machines' `resendWait` delay. */
export const RESEND_WAIT_MS = RESEND_WAIT_SECONDS * 1000;

/** A refused 'Send again' is said above its button: a form error, never under a field (the page has none). */
export const RESEND_PLACES: FormPlaces<never> = { fields: [] };

/**
 * The two states every 'Send again' shares, spread into its machine beside that machine's own `resending` (which
 * invokes its request): the visible wait after each mail, then the button may be used.
 */
export const RESEND_WAIT_STATES = {
  waitingToResend: {
    description:
      "docs/decisions/product.md Check your e-mail: 'Send again' is disabled, with a visible countdown, for RESEND_WAIT_SECONDS after each mail",
    after: { resendWait: 'canResend' },
  },
  canResend: {
    description: "docs/decisions/product.md Check your e-mail: 'Send again' may be used",
    on: { 'mail.resend': 'resending' },
  },
} as const;

/** Where 'Send again' stands, as its view part (ui/mail/ResendMail.tsx) shows it. */
export type ResendPhase = 'waiting' | 'ready' | 'sending';

/**
 * The views' one selector for 'Send again': the phase of the three states above, held by the state `under` (none:
 * the machine's root), e.g. `useSelector(actorRef, resendPhase('sent'))`.
 */
export const resendPhase =
  (under?: string) =>
  (snapshot: { matches: (value: never) => boolean }): ResendPhase => {
    const at = (state: 'resending' | 'canResend') =>
      snapshot.matches((under === undefined ? state : { [under]: state }) as never);
    return at('resending') ? 'sending' : at('canResend') ? 'ready' : 'waiting';
  };

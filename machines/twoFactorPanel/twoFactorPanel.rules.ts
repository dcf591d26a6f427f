/** Pure rules of the /me two-factor panel, shared by the machine and the view (each rule lives once). */

/** docs/decisions.md: The two-factor panel on /me: the panel warns at this many remaining recovery codes or fewer. */
export const RECOVERY_CODES_LOW = 2;

/** Two-factor is on and this many codes (or fewer) are left: time for new ones. */
export const isRunningLow = (remaining: number | undefined): boolean =>
  remaining !== undefined && remaining <= RECOVERY_CODES_LOW;

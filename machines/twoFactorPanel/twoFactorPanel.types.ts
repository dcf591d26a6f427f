/** Types of the /me two-factor panel machine: what the route passes in, what the machine keeps, what it hears. */
import type { RecoveryCodeCount, RecoveryCodes, RegenerateRecoveryCodesInput } from '../../api/contract/auth';
import type { TwoFactorSetup } from '../../api/contract/common';
import type { Refusal } from '../form/refusal';

export type { RecoveryCodeCount, RecoveryCodes, RegenerateRecoveryCodesInput };

export interface TwoFactorPanelInput {
  /** spec 3 twoFactorEnebled (read as twoFactorEnabled) of the profile the page shows. */
  twoFactorEnabled: boolean;
  /** Whose codes these are (the e-mail): handed to the setup and named in a saved .txt. */
  account: string;
  /** spec 2 'where copying is supported' (the setup's copy buttons); default false. */
  canCopy?: boolean;
}

export interface TwoFactorPanelContext {
  twoFactorEnabled: boolean;
  account: string;
  canCopy: boolean;
  /** spec 3 twoFactorSetupPayload from GET /api/me/2fa, for the setup steps. */
  setup: TwoFactorSetup | undefined;
  /** How many unused recovery codes remain; undefined until counted. */
  remaining: number | undefined;
  /**
   * The last refused call of the panel (count, secret, regeneration), as the form kit's Refusal: its spec 8 code,
   * under `regenerateCode` for a regeneration, and the failure's details (e.g. clock drift in minutes).
   */
  error: Refusal | undefined;
  /** The one-time code typed to regenerate the recovery codes (cleaned). */
  regenerateCode: string;
  /** The codes a regeneration answered, shown until the panel is closed. */
  newCodes: string[];
}

export type TwoFactorPanelEvent =
  | { type: 'setup.open' }
  /** The Setup button, with the code typed in the setup (the setup machine keeps it; the guard checks it). */
  | { type: 'setup.submit'; code: string }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'panel.close' }
  | { type: 'count.retry' }
  | { type: 'regenerate.open' }
  | { type: 'regenerate.change'; value: string }
  | { type: 'regenerate.submit' }
  | { type: 'recovery.download' }
  | { type: 'recovery.print' };

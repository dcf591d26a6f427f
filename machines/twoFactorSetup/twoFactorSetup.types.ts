/** Types of the two-factor setup machine: what callers pass in, what the machine keeps, what it hears. */
import type { TwoFactorSetup } from '../../api/contract/common';
import type { Refusal } from '../form/refusal';

export interface TwoFactorSetupInput {
  /** spec 3 twoFactorSetupPayload: login takes it from two_factor_auth_is_not_setup_error, the profile from GET /api/me/2fa. */
  setup: TwoFactorSetup;
  /** spec 2 'where copying is supported': without it there is no copy button (default false). */
  canCopy?: boolean;
  /** 'enforced': the screen explains that the organisation enforces two-factor (spec 2). */
  reason?: 'enforced';
  /**
   * Extra fields passed to the `verify` actor with the code, e.g. the login's e-mail and password, so the
   * caller's actor needs no state of its own: verify input = { ...verifyWith, otpCode }.
   */
  verifyWith?: Record<string, unknown>;
  /** Whose codes these are (the e-mail), named in the saved .txt so it tells which account it opens. */
  account?: string;
  /**
   * spec 3 twoFactorEnebled of the account (/me: on for 'Resetup GA'): the proof a step-up asks for, should the
   * verify call want one (docs/decisions/security.md: Step-up). Default false.
   */
  twoFactorEnabled?: boolean;
}

export interface TwoFactorSetupContext {
  setup: TwoFactorSetup;
  canCopy: boolean;
  reason: 'enforced' | undefined;
  verifyWith: Record<string, unknown>;
  account: string | undefined;
  /** Two-factor is on already: a step-up asks for a code from the app in use, not the password. */
  twoFactorEnabled: boolean;
  /** The one-time code as typed, cleaned of spaces and dashes (docs/decisions/security.md: One-time and recovery codes). */
  code: string;
  /**
   * The last refused verify (the form kit's Refusal: its spec 8 code, under `code`, and the failure's details such
   * as the clock drift in minutes); cleared when the code changes.
   */
  error: Refusal | undefined;
  /** What `verify` answered; the caller reads it as the machine's output. */
  result: unknown;
  /** docs/decisions/security.md: One-time and recovery codes: the codes the verify answered, shown before leaving the setup. */
  recoveryCodes: string[];
  /** The recovery code typed back to confirm the codes were saved (cleaned). */
  recoveryConfirm: string;
  /** The typed code has the shape of a recovery code but is none of ours. */
  confirmMismatch: boolean;
}

export type TwoFactorSetupEvent =
  | { type: 'secret.show' }
  | { type: 'barcode.show' }
  | { type: 'secret.copy' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'recovery.copy' }
  | { type: 'recovery.download' }
  | { type: 'recovery.print' }
  | { type: 'recovery.confirmChange'; value: string }
  | { type: 'recovery.confirmSubmit' }
  /** The step-up form's Cancel: back to the code, nothing sent. */
  | { type: 'stepUp.cancel' };

export interface VerifyInput extends Record<string, unknown> {
  otpCode: string;
}

/** What the downloadText effect saves: the codes' text, under which name, and whose they are. */
export interface RecoveryCodesDownload {
  filename: string;
  text: string;
  account: string | undefined;
}

/** The login machine's types (context, events, input); its rules are in login.rules.ts. */
import type { TwoFactorSetup } from '../../api/contract/common';
import type { ApiFailure } from '../../api/contract/errorCodes';
import type { Refusal } from '../form/refusal';

/** The fields of the three login forms, by their domain names (the names api/errors.ts gives server paths). */
export type LoginField = 'email' | 'password' | 'otpCode' | 'recoveryOtpCode';

/** spec 2 Login: the password form, the one-time-code form, the recovery-code form. */
export type LoginFormName = 'password' | 'code' | 'recovery';

export interface LoginContext {
  email: string;
  password: string;
  /** The one-time code as typed or pasted; the call gets it cleaned (spaces and dashes dropped). */
  otpCode: string;
  recoveryOtpCode: string;
  /**
   * 'Remember this device' on the code and recovery-code forms (docs/decisions/security.md: Remember this device):
   * sent with the code, so this browser skips the code at the account's next logins.
   */
  rememberDevice: boolean;
  /** spec 5 validation codes ('any.required', 'string.email', ...) under the fields, from the form's schema. */
  fieldErrors: Partial<Record<LoginField, string>>;
  /** The last refusal of the login call (spec 8); undefined while none is shown. */
  error: Refusal | undefined;
  /** spec 3 twoFactorSetupPayload from two_factor_auth_is_not_setup_error; kept across rejections (spec 4). */
  twoFactorSetup: TwoFactorSetup | undefined;
  /** Whether the browser can copy to the clipboard; handed to the two-factor setup (spec 2 Two-factor setup). */
  canCopy: boolean | undefined;
  /** spec 2 Login: where the page goes after success; null: to /me. */
  redirectUrl: string | null;
}

export interface LoginMachineInput {
  canCopy?: boolean;
  /** Prefills the e-mail field (e.g. a link from a registration page). */
  email?: string;
  /**
   * The login page's own form post, refused by the server before the app ran (docs/decisions/product.md: Forms that
   * work before their scripts): shown on the password form as the same refusal of the call would be.
   */
  refused?: ApiFailure;
}

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'form.submit' }
  /** The code and recovery-code forms' 'Remember this device' box (docs/decisions/security.md: Remember this device). */
  | { type: 'remember.change'; checked: boolean }
  /** spec 2 Login: the code form's link for users without their authenticator device. */
  | { type: 'recovery.choose' }
  /** spec 4 Login: from the recovery form back to the code form. */
  | { type: 'back' }
  /** spec 4 Login: back to the password form; clears payload, error and loading. */
  | { type: 'reset' }
  /** The code form's 'Not you?': back to the password form for another account, the e-mail cleared too. */
  | { type: 'account.change' };

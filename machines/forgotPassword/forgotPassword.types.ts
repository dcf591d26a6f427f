/** The forgotPassword machine's types (context, events, input); its rules are in forgotPassword.rules.ts. */
import type { ApiFailure } from '../../api/contract/errorCodes';
import type { Refusal } from '../form/refusal';

/** spec 2 Forgot password: a reset link (/forgot_password) or a magic link (/forgot_password_magic). */
export type ForgotPasswordVariant = 'link' | 'magicLink';

export interface ForgotPasswordContext {
  variant: ForgotPasswordVariant;
  email: string;
  /** spec 5 validation code under the e-mail ('any.required', 'string.email'), from the contract's schema. */
  fieldErrors: { email?: string };
  error: Refusal | undefined;
  /** docs/decisions/product.md Check your e-mail: the mail was sent again (the page says so). */
  resent: boolean;
}

export interface ForgotPasswordMachineInput {
  variant: ForgotPasswordVariant;
  email?: string;
  /**
   * The page's own form post, refused by the server before the app ran (docs/decisions/product.md: Forms that work
   * before their scripts): shown as the same refusal of the call would be.
   */
  refused?: ApiFailure;
}

export type ForgotPasswordEvent =
  | { type: 'field.change'; field: 'email'; value: string }
  | { type: 'form.submit' }
  /** docs/decisions/product.md Check your e-mail: 'Send again', the same request once more. */
  | { type: 'mail.resend' }
  /** spec 4 Forgot password: sent by the route whenever the location changes (and when it leaves). */
  | { type: 'route.change'; path: string };

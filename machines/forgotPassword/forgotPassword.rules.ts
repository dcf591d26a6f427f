/**
 * The forgot-password flow's vocabulary (spec 2 Forgot password, 4 Forgot password, 5, 8): its one field, its
 * variants, its events, where spec 8 shows each refusal, and which paths count as "the forgot-password pages".
 */
import * as v from 'valibot';
import { ForgotPasswordForm, type ForgotPasswordInput } from '../../api/contract/auth';
import { formErrors } from '../../api/contract/validation';
import type { FormPlaces } from '../form/refusal';
import type { ForgotPasswordContext, ForgotPasswordVariant } from './forgotPassword.types';

/**
 * spec 4 Forgot password: the two forgot-password pages, branded or not, under any base path
 * (/root/forgot_password, /auth/forgot_password_magic/nobrand, with or without a trailing slash).
 */
const FORGOT_PASSWORD_PATH = /(?:^|\/)(?:auth\/)?forgot_password(_magic)?(?:\/nobrand)?\/?$/;

/** spec 4 Forgot password: is `path` one of the two forgot-password pages (either brand)? */
export const isForgotPasswordPath = (path: string): boolean => FORGOT_PASSWORD_PATH.test(path);

/** The variant a forgot-password page shows; undefined for any other path. */
export const variantOfPath = (path: string): ForgotPasswordVariant | undefined => {
  const match = FORGOT_PASSWORD_PATH.exec(path);
  if (!match) return undefined;
  return match[1] ? 'magicLink' : 'link';
};

/** spec 5: true when the form may be sent. */
export const isFormValid = (context: ForgotPasswordContext): boolean =>
  v.safeParse(ForgotPasswordForm, { email: context.email }).success;

/** spec 5: the first validation code of the e-mail, if it is invalid. */
export const validationErrors = (context: ForgotPasswordContext): { email?: string } => {
  const [first] = formErrors(ForgotPasswordForm, { email: context.email });
  return first ? { email: first.code } : {};
};

/** What the call is made with: the cleaned (trimmed) e-mail, and the magic-link flag for that variant. */
export const callInput = (context: ForgotPasswordContext): ForgotPasswordInput => ({
  email: v.parse(ForgotPasswordForm, { email: context.email }).email,
  ...(context.variant === 'magicLink' ? { magicLink: true } : {}),
});

/**
 * spec 8: email_not_found_error (and a server's own field error on the e-mail) under the e-mail field;
 * anything else (unknown, rate-limited) as a form error.
 */
export const FORGOT_PASSWORD_PLACES: FormPlaces<'email'> = {
  fields: ['email'],
  placed: { email_not_found_error: 'email' },
};

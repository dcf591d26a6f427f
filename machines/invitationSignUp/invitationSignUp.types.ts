/**
 * The invitation sign-up's vocabulary (spec 2 Register (invitation), 4 Invite registration, 5, 8): the invite
 * the token opened, the form's fields, the two-factor payload kept across rejections, and where each refusal of
 * spec 8 is shown.
 */
import type { TwoFactorSetup } from '../../api/contract/common';
import type { ApiFailure, ErrorCode } from '../../api/contract/errorCodes';
import { type InviteInfo, InviteSignUpForm, type RegisterInviteInput } from '../../api/contract/registration';
import { formErrors } from '../../api/contract/validation';
import type { FormPlaces, Refusal } from '../form/refusal';

/** The fields the invitee types into; the e-mail is the invitation's, read-only (spec 2). */
export type InvitationField = 'screenName' | 'password';
export type InvitationFieldErrors = Partial<Record<InvitationField | 'email' | 'terms', string>>;

export interface InvitationSignUpInput {
  /** The `token` query parameter of the invitation link. */
  token: string;
  /** spec 2 'where copying is supported' (the two-factor secret's copy button). */
  canCopy?: boolean;
}

export interface InvitationSignUpContext {
  token: string;
  canCopy: boolean | undefined;
  /** spec 3 Invite info, once the check answered; undefined while checking or when the token is invalid. */
  invite: InviteInfo | undefined;
  /** Prefilled with the invited name (spec 2), editable. */
  screenName: string;
  password: string;
  terms: boolean;
  /** spec 4 Invite registration: the setup payload of two_factor_auth_is_not_setup_error, kept across rejections. */
  twoFactorSetup: TwoFactorSetup | undefined;
  /** spec 5 validation codes or spec 8 codes under their fields. */
  fieldErrors: InvitationFieldErrors;
  /** A refusal shown as a form error (rate limits, unknown errors); every typed value is kept. */
  error: Refusal | undefined;
}

export type InvitationSignUpEvent =
  | { type: 'field.change'; field: InvitationField; value: string }
  | { type: 'terms.change'; checked: boolean }
  | { type: 'form.submit' }
  /** Back from the two-factor block to the form's fields (the payload is kept). */
  | { type: 'details.edit' };

export const initialContext = (input: InvitationSignUpInput): InvitationSignUpContext => ({
  token: input.token,
  canCopy: input.canCopy,
  invite: undefined,
  screenName: '',
  password: '',
  terms: false,
  twoFactorSetup: undefined,
  fieldErrors: {},
  error: undefined,
});

/** spec 2 Register: no token is an invalid link before any call. */
export const hasToken = (context: InvitationSignUpContext): boolean => context.token.trim() !== '';

/** The address the account gets: the invitation's own (the field is read-only). */
export const inviteEmail = (context: InvitationSignUpContext): string => context.invite?.user.email ?? '';

/** The invited channel, where the browser goes after registering (spec 2); its URL is built by routes/urls.ts. */
export interface InvitedChannel {
  channelSubdomain: string;
  organisationSubdomain: string;
}
export const invitedChannel = (context: InvitationSignUpContext): InvitedChannel => ({
  channelSubdomain: context.invite?.channel.subdomain ?? '',
  organisationSubdomain: context.invite?.organisation.subdomain ?? '',
});

/** The name shown in the field at first: the invited name (spec 2 'name (prefilled)'). */
export const invitedName = (invite: InviteInfo): string =>
  invite.invitee.screenName || invite.user.screenName;

const formValue = (context: InvitationSignUpContext) => ({
  screenName: context.screenName,
  email: inviteEmail(context),
  password: context.password,
  // The code belongs to the two-factor block (twoFactorSetup machine), which checks its own 6 digits.
  otpCode: '',
  terms: context.terms,
});

/** spec 5: the first validation code of each invalid field (the contract's schema, shared with the server). */
export const validationErrors = (context: InvitationSignUpContext): InvitationFieldErrors => {
  const errors: InvitationFieldErrors = {};
  for (const error of formErrors(InviteSignUpForm, formValue(context))) {
    const field = error.field as keyof InvitationFieldErrors;
    errors[field] ??= error.code;
  }
  return errors;
};

export const isFormValid = (context: InvitationSignUpContext): boolean =>
  Object.keys(validationErrors(context)).length === 0;

/** The registration without a code (spec 5: the code is omitted when empty); the setup block adds it. */
export const callInput = (context: InvitationSignUpContext): RegisterInviteInput => ({
  token: context.token,
  email: inviteEmail(context),
  password: context.password,
  screenName: context.screenName,
});

/** spec 8: the invitation is used up, expired or unknown: the invalid-token page. */
export const isTokenRefusal = (failure: ApiFailure): boolean => failure.code === 'invite_token_invalid_error';

/**
 * spec 8, shown where the user acts: the e-mail taken under the e-mail, a server's field errors under their
 * fields; anything else (rate limits, unknown errors) a form error. Every typed value is kept.
 */
export const INVITATION_PLACES: FormPlaces<InvitationField | 'email'> = {
  fields: ['screenName', 'email', 'password'],
  placed: { email_already_exist_error: 'email' },
};

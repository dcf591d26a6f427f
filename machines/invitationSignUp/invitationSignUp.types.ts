/**
 * The invitation sign-up's vocabulary (spec 2 Register (invitation), 4 Invite registration, 5, 8): the invite
 * the token opened, the form's fields, the two-factor payload kept across rejections, and where each refusal of
 * spec 8 is shown.
 */
import type { TwoFactorSetup } from '../../api/contract/common';
import type { InviteInfo } from '../../api/contract/registration';
import type { Refusal } from '../form/refusal';

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

/** The invited channel, where the browser goes after registering (spec 2); its URL is built by the route (api/contract/urls.ts). */
export interface InvitedChannel {
  channelSubdomain: string;
  organisationSubdomain: string;
}

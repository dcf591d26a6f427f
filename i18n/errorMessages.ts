/**
 * Every display text for a failure, in one place (ARCHITECTURE.md 3: machines store codes, i18n maps a code to a
 * message). Views render these with `i18n._(descriptor)` or `<Trans id={descriptor.id} />`-style helpers.
 */

import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { VALIDATION_CODES, type ValidationCode } from '../api/contract/common';
import type { ErrorCode } from '../api/contract/errorCodes';
import {
  CHANNEL_SUBDOMAIN_MAX,
  CHANNEL_SUBDOMAIN_MIN,
  ORGANISATION_SUBDOMAIN_MAX,
  ORGANISATION_SUBDOMAIN_MIN,
} from '../api/contract/limits';

/**
 * spec 8 error catalogue. The spec's own wording is kept where it gives one ('Please enter valid code', the two
 * two-factor setup texts); the others are written to tell the user what happened and what to do next.
 * Typed as a Record over ErrorCode so a new code cannot be added without a message.
 */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, MessageDescriptor>> = {
  unknown_credential_error: msg`The e-mail or password is not correct.`,
  unknown_auth_otp_code_error: msg`Please enter valid code`,
  unknown_auth_recovery_otp_code_error: msg`This recovery code is not known. Please check it and try again.`,
  used_auth_recovery_otp_code_error: msg`This recovery code has already been used. Please use another one.`,
  auth_otp_code_is_required_error: msg`Please enter the code from your authenticator app.`,
  two_factor_auth_is_not_setup_error: msg`Your organisation requires two-factor authentication. Please set it up to continue.`,
  email_not_found_error: msg`We could not find an account with this e-mail address.`,
  forgot_password_token_invalid_error: msg`This password reset link is invalid or has expired.`,
  user_confirm_token_invalid_error: msg`This confirmation link is invalid or has expired.`,
  invite_token_invalid_error: msg`This invitation link is invalid or has expired.`,
  channel_subdomain_already_exist_error: msg`This subdomain is already taken. Please choose another one.`,
  channel_subdomain_is_malformed_error: msg`This subdomain is not valid. Use lowercase letters, numbers and dashes, and start and end with a letter or number.`,
  email_already_exist_error: msg`An account with this e-mail address already exists.`,
  registration_company_id_subdomain_not_found_error: msg`We could not find this organisation. Please check the organisation name.`,
  registration_company_id_unknown_company_id_error: msg`We could not find this company ID. Please check your last name and company ID.`,
  user_is_already_confirmed_error: msg`This account has already been confirmed. You can log in.`,
  unknown_server_error: msg`Something went wrong. Please try again later.`,
  account_locked_error: msg`Too many failed attempts. Your account is locked for a while; please try again later.`,
  rate_limited_error: msg`Too many requests. Please wait a moment and try again.`,
  two_factor_setup_invalid_code_error: msg`Invalid otp code`,
  two_factor_setup_not_enabled_error: msg`Sorry, but your organizations don't enabled the two factor auth`,
  magic_link_invalid_error: msg`This login link has already been used or has expired. Please request a new one.`,
  forbidden_error: msg`You are not allowed to do this.`,
  // Rendered with the values of clockDriftValues(minutes); without them the placeholder would show.
  auth_otp_clock_drift_error: msg({
    message:
      "Your device's clock is off by about {minutes, plural, one {# minute} other {# minutes}}. Turn on automatic date and time in your device settings, then try a new code.",
  }),
  // Rendered with { count } from the refusal's details (i18n/failureText.ts); without it the placeholder would show.
  password_breached_error: msg({
    message:
      'This password has appeared in data breaches {count, plural, one {# time} other {# times}}, so others may try it. Please choose another one.',
  }),
  step_up_required_error: msg`For your security, please confirm it is you again.`,
  email_change_token_invalid_error: msg`This e-mail change link is invalid, already used or expired.`,
  account_sole_admin_error: msg`You are the only admin of some channels or organisations. Make someone else an admin first.`,
  session_not_found_error: msg`This session has already ended.`,
  remembered_device_not_found_error: msg`This device is no longer remembered.`,
  passkey_not_found_error: msg`This passkey has already been removed.`,
  passkey_invalid_error: msg`This passkey could not be checked. Please try again.`,
  passkey_already_registered_error: msg`This passkey is already registered to your account.`,
  recovery_review_token_invalid_error: msg`The time to review the ways into your account has run out. Log in to see them on your account page.`,
  registration_pending_elsewhere_error: msg`A registration for you is already waiting for confirmation at another e-mail address. If you registered before, use the link in that mailbox. If not, someone else may have used your details: please contact your organisation's admin.`,
};

/**
 * The texts of codes whose failure names an address, masked (PendingElsewhereDetailsWire; docs/decisions/security.md:
 * Company-id sign-up races), rendered with `{ email }`: the employee sees which address holds their registration
 * and what to do when it is not theirs.
 */
export const ADDRESS_MESSAGES: Readonly<Partial<Record<ErrorCode, MessageDescriptor>>> = {
  registration_pending_elsewhere_error: msg`A registration for you is already waiting for confirmation at {email}. If that is your address, use the link we have sent there. If it is not, someone else may have used your details: please contact your organisation's admin.`,
  user_is_already_confirmed_error: msg`You are already registered, with the address {email}. Please log in with it. If that is not your address, someone else may have used your details: please contact your organisation's admin.`,
};

/**
 * Values for ERROR_MESSAGES.auth_otp_clock_drift_error: the size of the drift (ahead or behind reads the same to
 * the user), never less than one minute.
 */
export const clockDriftValues = (minutes: number): { minutes: number } => ({
  minutes: Math.max(1, Math.abs(Math.round(minutes))),
});

export const errorMessage = (code: ErrorCode): MessageDescriptor => ERROR_MESSAGES[code];

/**
 * spec 8: registration_company_id_unknown_company_id_error on the company-specific start pages (lit,
 * unicef_for_every_child) reads differently; the page adds the contact mail link after it.
 */
export const COMPANY_PAGE_UNKNOWN_USER_MESSAGE: MessageDescriptor = msg`Error: Unknown user information. Please make sure you are entering the details in correct format`;

/**
 * spec 8 identity-provider error types, as the `type` query parameter of /auth/{azure,okta}/error.
 * The spec names the causes but not their spelling, so idpErrorMessage compares them loosely
 * (case, '-', '_' and spaces ignored; organisation or organization).
 */
export const IDP_ERROR_TYPES = {
  missingOrganisationCredentials: 'missing_organisation_credentials',
  bannedUser: 'banned_user',
  missingOrganisation: 'missing_organisation',
  invalidAuthCode: 'invalid_auth_code',
  noChannels: 'no_channels',
} as const;

const IDP_MESSAGES = {
  organisationMissing: msg`Organisation doesn't exist. Please make sure you are entering the organisation name correctly`,
  providerError: msg`OAuth provider returns error`,
  noChannels: msg`The user does not have access to any channels`,
  unknown: msg`Unknown server error`,
} as const;

const looseKey = (type: string): string =>
  type
    .toLowerCase()
    .replace(/[\s_-]/g, '')
    .replace(/organization/g, 'organisation');

const IDP_MESSAGE_BY_TYPE: ReadonlyMap<string, MessageDescriptor> = new Map([
  [looseKey(IDP_ERROR_TYPES.missingOrganisationCredentials), IDP_MESSAGES.organisationMissing],
  [looseKey(IDP_ERROR_TYPES.bannedUser), IDP_MESSAGES.organisationMissing],
  [looseKey(IDP_ERROR_TYPES.missingOrganisation), IDP_MESSAGES.organisationMissing],
  [looseKey(IDP_ERROR_TYPES.invalidAuthCode), IDP_MESSAGES.providerError],
  [looseKey(IDP_ERROR_TYPES.noChannels), IDP_MESSAGES.noChannels],
]);

/** spec 8: the message of an identity-provider error page for its `type` query parameter; else 'Unknown server error'. */
export function idpErrorMessage(type?: string): MessageDescriptor {
  return (type && IDP_MESSAGE_BY_TYPE.get(looseKey(type))) || IDP_MESSAGES.unknown;
}

/**
 * Field validation codes (api/contract/common.ts VALIDATION_CODES, the same Joi-style codes the server sends in a
 * FieldValidationError). Generic texts; a view with a more specific wording for its field (spec 5: 'Name must be
 * at least {limit} characters.') uses its own. `limit` is the min or max the rule was checked against.
 */
export function validationMessage(code: ValidationCode | string, limit?: number): MessageDescriptor {
  switch (code) {
    case VALIDATION_CODES.required:
      return msg`This field is required.`;
    case VALIDATION_CODES.only:
      return msg`The values do not match.`;
    case VALIDATION_CODES.accepted:
      return msg`Please accept the terms to continue.`;
    case VALIDATION_CODES.min:
      return limit === undefined
        ? msg`This value is too short.`
        : msg`Must be at least ${plural(limit, { one: '# character', other: '# characters' })}.`;
    case VALIDATION_CODES.max:
      return limit === undefined
        ? msg`This value is too long.`
        : msg`Must be at most ${plural(limit, { one: '# character', other: '# characters' })}.`;
    case VALIDATION_CODES.length:
      return limit === undefined
        ? msg`This value has the wrong length.`
        : msg`Must be exactly ${plural(limit, { one: '# character', other: '# characters' })}.`;
    case VALIDATION_CODES.email:
      return msg`Please enter a valid e-mail address.`;
    case VALIDATION_CODES.emailUnchanged:
      return msg`This is already your e-mail address. Enter the new one.`;
    case VALIDATION_CODES.phone:
      return msg`Please enter a valid phone number`;
    case VALIDATION_CODES.uri:
      return msg`Please enter a valid link.`;
    default:
      return msg`Please check this value.`;
  }
}

/**
 * spec 5: the subdomain rule, said under a subdomain field whose value breaks it (too short, too long, a dash at
 * either end). Channel subdomains may hold dashes; organisation subdomains may not.
 */
export function subdomainRuleMessage(kind: 'channel' | 'organisation'): MessageDescriptor {
  const min = kind === 'channel' ? CHANNEL_SUBDOMAIN_MIN : ORGANISATION_SUBDOMAIN_MIN;
  const max = kind === 'channel' ? CHANNEL_SUBDOMAIN_MAX : ORGANISATION_SUBDOMAIN_MAX;
  return kind === 'channel'
    ? msg`Use ${min} to ${max} letters a-z, digits and dashes, with no dash at the start or end.`
    : msg`Use ${min} to ${max} letters a-z and digits.`;
}

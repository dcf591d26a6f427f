import type { ApiFailure } from '../../api/contract/errorCodes';
import { type InviteInfo, InviteSignUpForm, type RegisterInviteInput } from '../../api/contract/registration';
import { formErrors } from '../../api/contract/validation';
import { type FormPlaces, firstErrorPerField } from '../form/refusal';
import type {
  InvitationField,
  InvitationFieldErrors,
  InvitationSignUpContext,
  InvitationSignUpInput,
  InvitedChannel,
} from './invitationSignUp.types';

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
export const invitedChannel = (context: InvitationSignUpContext): InvitedChannel => ({
  channelSubdomain: context.invite?.channel.subdomain ?? '',
  organisationSubdomain: context.invite?.organisation.subdomain ?? '',
});

/** The name shown in the field at first: the invited name (spec 2 'name (prefilled)'). */
export const invitedName = (invite: InviteInfo): string =>
  invite.invitee.screenName || invite.user.screenName;

/** The form's fields the schema checks (the code is always '' here: the two-factor block checks it). */
const INVITATION_FORM_FIELDS = ['screenName', 'email', 'password', 'terms'] as const;

const formValue = (context: InvitationSignUpContext) => ({
  screenName: context.screenName,
  email: inviteEmail(context),
  password: context.password,
  // The code belongs to the two-factor block (twoFactorSetup machine), which checks its own 6 digits.
  otpCode: '',
  terms: context.terms,
});

/** spec 5: the first validation code of each invalid field (the contract's schema, shared with the server). */
export const validationErrors = (context: InvitationSignUpContext): InvitationFieldErrors =>
  firstErrorPerField(formErrors(InviteSignUpForm, formValue(context)), INVITATION_FORM_FIELDS);

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
  placed: { email_already_exist_error: 'email', password_breached_error: 'password' },
};

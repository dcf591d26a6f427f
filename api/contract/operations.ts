/**
 * Every call of API_PATHS as an operation: what it takes (query, path parameters, body) and what it answers, by
 * the same wire schemas the client and the server use. The OpenAPI document (docs/openapi.json, `npm run openapi`)
 * is generated from this table, so the description of the API cannot drift from the code that validates it.
 */
import type * as v from 'valibot';
import {
  EnableTwoFactorRequestWire,
  ForgotPasswordRequestWire,
  LoginAnswerWire,
  LoginRequestWire,
  MagicLinkAnswerWire,
  MagicLinkRequestWire,
  RecoveryCodeCountAnswerWire,
  RecoveryCodesAnswerWire,
  RegenerateRecoveryCodesRequestWire,
  ResetTokenQueryWire,
  SetNewPasswordRequestWire,
} from './auth';
import { OrganisationBrandParamsWire, OrganisationBrandWire } from './branding';
import { OkAnswerWire, TokenQueryWire, TwoFactorSetupWire } from './common';
import {
  DeleteImageParamsWire,
  ImageRecordAnswerWire,
  ImageRecordRequestWire,
  UploadAnswerWire,
  UploadFormWire,
  UploadSignatureAnswerWire,
  UploadSignatureRequestWire,
} from './images';
import { CreateInvitationAnswerWire, CreateInvitationRequestWire } from './invitations';
import {
  ChannelsAnswerWire,
  CreateChannelAnswerWire,
  CreateChannelRequestWire,
  CreateOrganisationAnswerWire,
  CreateOrganisationRequestWire,
  OrganisationsAnswerWire,
} from './lists';
import {
  AddPasskeyRequestWire,
  PasskeyCreationOptionsAnswerWire,
  PasskeyLoginRequestWire,
  PasskeyParamsWire,
  PasskeyRequestOptionsAnswerWire,
  PasskeyStepUpRequestWire,
  PasskeysAnswerWire,
  PasskeyWire,
  RenamePasskeyRequestWire,
} from './passkeys';
import type { ApiCall } from './paths';
import { SaveProfileAnswerWire, SaveProfileRequestWire, UserProfileWire } from './profile';
import {
  EmailUndoAnswerWire,
  RecoveryPasskeyRequestWire,
  RecoveryReviewRequestWire,
  RecoveryReviewWire,
  RecoveryStartedAnswerWire,
} from './recovery';
import {
  CheckInviteAnswerWire,
  CompanyCheckAnswerWire,
  CompanyIdRequestWire,
  CompanyPageCheckRequestWire,
  CompanyPageRegisterRequestWire,
  ConfirmAnswerWire,
  CuratorRegisterRequestWire,
  InviteRegisterRequestWire,
  RegisterAnswerWire,
} from './registration';
import {
  ChangeEmailRequestWire,
  ChangePasswordRequestWire,
  DeleteAccountRequestWire,
  EmailChangeAnswerWire,
  EmailChangeTokenRequestWire,
  EndedSessionsAnswerWire,
  RememberedDeviceParamsWire,
  RememberedDevicesAnswerWire,
  SessionParamsWire,
  SessionsAnswerWire,
  StepUpAnswerWire,
  StepUpRequestWire,
} from './security';
import { AccountExportWire, SecurityActivityAnswerWire, SecurityActivityQueryWire } from './securityActivity';
import { TranslationAnswerWire, TranslationQueryWire } from './translation';

type Schema = v.GenericSchema;

export interface Operation {
  summary: string;
  /** 'session': needs the session cookie (401 without one); 'public': anyone. */
  access: 'session' | 'public';
  query?: Schema;
  params?: Schema;
  /** A JSON body, or a multipart form (uploads). */
  body?: { schema: Schema; type: 'json' | 'multipart' };
  /** The success answer and its status. */
  answer: { schema: Schema; status: 200 | 201 };
}

const json = (schema: Schema) => ({ schema, type: 'json' as const });
const ok = (schema: Schema) => ({ schema, status: 200 as const });
const created = (schema: Schema) => ({ schema, status: 201 as const });

export const OPERATIONS: Readonly<Record<ApiCall, Operation>> = {
  login: {
    summary: 'Log in with e-mail and password, then a one-time or recovery code when asked (spec 7 Login)',
    access: 'public',
    body: json(LoginRequestWire),
    answer: ok(LoginAnswerWire),
  },
  logout: { summary: 'End the session', access: 'public', answer: ok(OkAnswerWire) },
  forgotPassword: {
    summary: 'Send a password reset link, or a magic link with generateMagicLink',
    access: 'public',
    body: json(ForgotPasswordRequestWire),
    answer: ok(OkAnswerWire),
  },
  checkResetToken: {
    summary: 'Check a password reset token',
    access: 'public',
    query: ResetTokenQueryWire,
    answer: ok(OkAnswerWire),
  },
  setNewPassword: {
    summary: 'Set a new password with a reset token',
    access: 'public',
    query: ResetTokenQueryWire,
    body: json(SetNewPasswordRequestWire),
    answer: ok(RecoveryStartedAnswerWire),
  },
  exchangeMagicLink: {
    summary: 'Exchange a magic-link token for a session',
    access: 'public',
    body: json(MagicLinkRequestWire),
    answer: ok(MagicLinkAnswerWire),
  },
  getTwoFactorSecret: {
    summary: 'A temporary authenticator secret for the setup',
    access: 'session',
    answer: ok(TwoFactorSetupWire),
  },
  enableTwoFactor: {
    summary:
      'Turn two-factor on, or set it up again, with a code from the authenticator (needs a recent step-up); answers the recovery codes',
    access: 'session',
    body: json(EnableTwoFactorRequestWire),
    answer: ok(RecoveryCodesAnswerWire),
  },
  getRecoveryCodeCount: {
    summary: 'How many unused recovery codes remain',
    access: 'session',
    answer: ok(RecoveryCodeCountAnswerWire),
  },
  regenerateRecoveryCodes: {
    summary: 'Replace every recovery code; needs a current one-time code from the authenticator',
    access: 'session',
    body: json(RegenerateRecoveryCodesRequestWire),
    answer: ok(RecoveryCodesAnswerWire),
  },
  getMe: { summary: 'The signed-in user', access: 'session', answer: ok(UserProfileWire) },
  saveProfile: {
    summary: 'Save the profile',
    access: 'session',
    body: json(SaveProfileRequestWire),
    answer: ok(SaveProfileAnswerWire),
  },
  resendConfirmation: {
    summary: 'Send the e-mail confirmation mail again (nothing is sent once confirmed)',
    access: 'session',
    answer: ok(OkAnswerWire),
  },
  stepUp: {
    summary:
      'Prove the password (or, with two-factor, a one-time code) again; sensitive changes need it within 10 minutes',
    access: 'session',
    body: json(StepUpRequestWire),
    answer: ok(StepUpAnswerWire),
  },
  changePassword: {
    summary: 'Set a new password (needs a recent step-up); every other session ends, this one is rotated',
    access: 'session',
    body: json(ChangePasswordRequestWire),
    answer: ok(OkAnswerWire),
  },
  changeEmail: {
    summary: 'Ask to change the e-mail address (needs a recent step-up); a link goes to the new address',
    access: 'session',
    body: json(ChangeEmailRequestWire),
    answer: ok(OkAnswerWire),
  },
  confirmEmailChange: {
    summary: 'Confirm an e-mail change with the link mailed to the new address',
    access: 'public',
    body: json(EmailChangeTokenRequestWire),
    answer: ok(EmailChangeAnswerWire),
  },
  undoEmailChange: {
    summary:
      'Undo an e-mail change with the link mailed to the old address; every session ends, the password is disabled and a reset token answered',
    access: 'public',
    body: json(EmailChangeTokenRequestWire),
    answer: ok(EmailUndoAnswerWire),
  },
  getSessions: {
    summary: "The user's live sessions: browser, system, first and last seen, this one marked",
    access: 'session',
    answer: ok(SessionsAnswerWire),
  },
  endSession: {
    summary:
      "Sign out one of the user's sessions (another one needs a recent step-up; this one is signing out)",
    access: 'session',
    params: SessionParamsWire,
    answer: ok(OkAnswerWire),
  },
  endOtherSessions: {
    summary: 'Sign out every session of the user but this one (needs a recent step-up)',
    access: 'session',
    answer: ok(EndedSessionsAnswerWire),
  },
  getSecurityActivity: {
    summary:
      "The account's sign-ins (method, browser, system, time) and security changes of the last 90 days, newest first, a page at a time",
    access: 'session',
    query: SecurityActivityQueryWire,
    answer: ok(SecurityActivityAnswerWire),
  },
  exportAccountData: {
    summary:
      "The account's data to take away as a JSON download (profile, memberships, sessions, passkeys, remembered devices, security activity; no secret); needs a recent step-up",
    access: 'session',
    answer: ok(AccountExportWire),
  },
  getRememberedDevices: {
    summary:
      "The user's remembered devices (browsers that skip the one-time code at login): browser, system, dates, this one marked",
    access: 'session',
    answer: ok(RememberedDevicesAnswerWire),
  },
  forgetRememberedDevice: {
    summary: 'Forget one remembered device: its next login asks for the one-time code again',
    access: 'session',
    params: RememberedDeviceParamsWire,
    answer: ok(OkAnswerWire),
  },
  deleteAccount: {
    summary: 'Delete the account (needs a recent step-up and the e-mail address typed as confirmation)',
    access: 'session',
    body: json(DeleteAccountRequestWire),
    answer: ok(OkAnswerWire),
  },
  passkeyRegistrationOptions: {
    summary: 'Start adding a passkey (needs a recent step-up): the options for navigator.credentials.create',
    access: 'session',
    answer: ok(PasskeyCreationOptionsAnswerWire),
  },
  addPasskey: {
    summary: "Add a passkey with the browser's answer to the options (needs a recent step-up)",
    access: 'session',
    body: json(AddPasskeyRequestWire),
    answer: created(PasskeyWire),
  },
  getPasskeys: {
    summary: "The user's passkeys: name, created, last used",
    access: 'session',
    answer: ok(PasskeysAnswerWire),
  },
  renamePasskey: {
    summary: "Rename one of the user's passkeys",
    access: 'session',
    params: PasskeyParamsWire,
    body: json(RenamePasskeyRequestWire),
    answer: ok(PasskeyWire),
  },
  removePasskey: {
    summary: "Remove one of the user's passkeys: it no longer signs in",
    access: 'session',
    params: PasskeyParamsWire,
    answer: ok(OkAnswerWire),
  },
  passkeyLoginOptions: {
    summary:
      'Start signing in with a passkey: the options for navigator.credentials.get (any passkey of this site)',
    access: 'public',
    answer: ok(PasskeyRequestOptionsAnswerWire),
  },
  passkeyLogin: {
    summary: "Sign in with the browser's answer to the options; answers as the password login does",
    access: 'public',
    body: json(PasskeyLoginRequestWire),
    answer: ok(LoginAnswerWire),
  },
  passkeyStepUpOptions: {
    summary:
      "Start a step-up by passkey: the options for navigator.credentials.get, limited to the user's passkeys",
    access: 'session',
    answer: ok(PasskeyRequestOptionsAnswerWire),
  },
  passkeyStepUp: {
    summary:
      "Prove it's you with one of your passkeys (the browser's answer to the options); opens the same 10-minute window as POST /api/me/step_up",
    access: 'session',
    body: json(PasskeyStepUpRequestWire),
    answer: ok(StepUpAnswerWire),
  },
  getRecoveryReview: {
    summary:
      'The recovery review: every way into the account (passkeys, authenticator app, recovery codes), with the token a recovery answered (in the body, never the address)',
    access: 'public',
    body: json(RecoveryReviewRequestWire),
    answer: ok(RecoveryReviewWire),
  },
  keepRecoveryPasskey: {
    summary: 'Keep a passkey the recovery suspended: it signs in again; answers the review',
    access: 'public',
    body: json(RecoveryPasskeyRequestWire),
    answer: ok(RecoveryReviewWire),
  },
  removeRecoveryPasskey: {
    summary: 'Remove a passkey from the account; answers the review',
    access: 'public',
    body: json(RecoveryPasskeyRequestWire),
    answer: ok(RecoveryReviewWire),
  },
  removeRecoveryAuthenticator: {
    summary:
      'Remove the authenticator app and its recovery codes, only when a session the recovery ended turned it on within 72 hours before it; answers the review',
    access: 'public',
    body: json(RecoveryReviewRequestWire),
    answer: ok(RecoveryReviewWire),
  },
  finishRecoveryReview: {
    summary: 'End the recovery review: its token stops working',
    access: 'public',
    body: json(RecoveryReviewRequestWire),
    answer: ok(OkAnswerWire),
  },
  getChannels: { summary: "The user's channels", access: 'session', answer: ok(ChannelsAnswerWire) },
  createChannel: {
    summary: 'Create a channel (everyone)',
    access: 'session',
    body: json(CreateChannelRequestWire),
    answer: created(CreateChannelAnswerWire),
  },
  getOrganisations: {
    summary: "The user's organisations",
    access: 'session',
    answer: ok(OrganisationsAnswerWire),
  },
  createOrganisation: {
    summary: 'Create an organisation (staff only)',
    access: 'session',
    body: json(CreateOrganisationRequestWire),
    answer: created(CreateOrganisationAnswerWire),
  },
  checkInvite: {
    summary: 'The invitation behind a token',
    access: 'public',
    query: TokenQueryWire,
    answer: ok(CheckInviteAnswerWire),
  },
  registerCurator: {
    summary: 'Sign up as a channel curator',
    access: 'public',
    body: json(CuratorRegisterRequestWire),
    answer: ok(RegisterAnswerWire),
  },
  registerInvite: {
    summary: 'Sign up by invitation',
    access: 'public',
    body: json(InviteRegisterRequestWire),
    answer: ok(RegisterAnswerWire),
  },
  checkCompanyId: {
    summary: "Sign up by company id, step by step; each step answers the organisation's terms checkbox",
    access: 'public',
    body: json(CompanyIdRequestWire),
    answer: ok(CompanyCheckAnswerWire),
  },
  checkCompanyPage: {
    summary: "Company page step 1: staff number and name; answers the organisation's terms checkbox",
    access: 'public',
    body: json(CompanyPageCheckRequestWire),
    answer: ok(CompanyCheckAnswerWire),
  },
  registerCompanyPage: {
    summary: 'Company page step 2: e-mail; sends the confirmation mail',
    access: 'public',
    body: json(CompanyPageRegisterRequestWire),
    answer: ok(OkAnswerWire),
  },
  confirmEmail: {
    summary: 'Confirm an e-mail address by token',
    access: 'public',
    query: TokenQueryWire,
    answer: ok(ConfirmAnswerWire),
  },
  getOrganisationBrand: {
    summary: "An organisation's display name, logo address and accent shades",
    access: 'public',
    params: OrganisationBrandParamsWire,
    answer: ok(OrganisationBrandWire),
  },
  createInvitation: {
    summary:
      'Invite someone into a channel the caller is an admin of; mails the invitation (the answer has no token)',
    access: 'session',
    body: json(CreateInvitationRequestWire),
    answer: created(CreateInvitationAnswerWire),
  },
  getTranslation: {
    summary: 'The compiled messages of a locale',
    access: 'public',
    query: TranslationQueryWire,
    answer: ok(TranslationAnswerWire),
  },
  getUploadSignature: {
    summary: 'Sign an upload (Transloadit, or this server)',
    access: 'session',
    body: json(UploadSignatureRequestWire),
    answer: ok(UploadSignatureAnswerWire),
  },
  uploadImage: {
    summary:
      "This server's upload service: a signed multipart form with the file, by the user the signature was made for",
    access: 'session',
    body: { schema: UploadFormWire, type: 'multipart' },
    answer: ok(UploadAnswerWire),
  },
  createImageRecord: {
    summary: 'Record an uploaded profile image',
    access: 'session',
    body: json(ImageRecordRequestWire),
    answer: created(ImageRecordAnswerWire),
  },
  deleteImage: {
    summary: 'Remove an image record of the signed-in user',
    access: 'session',
    params: DeleteImageParamsWire,
    answer: ok(OkAnswerWire),
  },
};

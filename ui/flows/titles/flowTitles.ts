/**
 * Every flow's title in the reader's language: what /flows, a flow's page and the printed overview call it. The
 * machine's name (`login`) stays beside it, small, for engineers; its own `description` stays the spec reference.
 * A new machine in machines/registry.ts adds one line here (TypeScript asks for it; README.md).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MachineName } from '../../../machines/registry';

export const flowTitles: Readonly<Record<MachineName, MessageDescriptor>> = {
  language: msg`Language of the site`,
  twoFactorSetup: msg`Authenticator app setup`,
  login: msg`Log-in with password and code`,
  confirmEmail: msg`E-mail confirmation`,
  magicLink: msg`Sign-in by e-mail link`,
  forgotPassword: msg`Forgotten password`,
  setPassword: msg`New password from the link`,
  idpSuccess: msg`Sign-in through a provider`,
  lists: msg`Channel and organisation lists`,
  resend: msg`A mail, sent again`,
  curatorSignUp: msg`Curator sign-up`,
  invitationSignUp: msg`Sign-up by invitation`,
  startByCompanyId: msg`Start with a company id`,
  companyStart: msg`Company start page`,
  organisationBrand: msg`Organisation welcome`,
  createEntry: msg`New channel or organisation`,
  profileEdit: msg`Profile editing`,
  avatarUpload: msg`Profile picture`,
  twoFactorPanel: msg`Two-factor settings`,
  stepUp: msg`Identity check before a change`,
  changePassword: msg`Password change`,
  changeEmail: msg`E-mail address change`,
  deleteAccount: msg`Account deletion`,
  passkeySignIn: msg`Sign-in with a passkey`,
  passkeys: msg`Passkey list`,
  addPasskey: msg`New passkey`,
  sessions: msg`Sessions and devices`,
  rememberedDevices: msg`Remembered devices`,
  securityActivity: msg`Recent activity`,
  accountExport: msg`Your data to take away`,
  emailChangeLink: msg`E-mail change link`,
  recoveryReview: msg`Ways into the account after a recovery`,
};

export const flowTitle = (i18n: I18n, flow: MachineName): string => i18n._(flowTitles[flow]);

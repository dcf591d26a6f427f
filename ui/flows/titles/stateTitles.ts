/**
 * Every state of every flow, titled in the reader's language (the product owner's diagram, /flows). Keys are the
 * states' dotted paths (`snapshot.matches()`); the machine's own `description` stays beside the title as the spec
 * reference. A new machine in machines/registry.ts adds one entry here (TypeScript asks for it; README.md).
 */

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MachineName } from '../../../machines/registry';

export type Titles = Readonly<Record<string, MessageDescriptor>>;

export const stateTitles: Readonly<Record<MachineName, Titles>> = {
  language: {
    requesting: msg`Loading the language`,
    loaded: msg`Language loaded`,
    loadedWithoutTexts: msg`Language loaded without texts`,
  },
  twoFactorSetup: {
    settingUp: msg`Setting up the authenticator app`,
    'settingUp.secretView': msg`Showing the secret`,
    'settingUp.secretView.barcode': msg`Scanning the barcode`,
    'settingUp.secretView.secretAsText': msg`Secret shown as text`,
    'settingUp.secretView.secretAsText.idle': msg`Secret ready to copy`,
    'settingUp.secretView.secretAsText.copying': msg`Copying the secret`,
    'settingUp.secretView.secretAsText.copied': msg`Secret copied`,
    'settingUp.secretView.secretAsText.copyFailed': msg`Secret could not be copied`,
    'settingUp.codeEntry': msg`Entering the app's code`,
    'settingUp.codeEntry.editing': msg`Typing the 6-digit code`,
    'settingUp.codeEntry.verifying': msg`Checking the code`,
    showingRecoveryCodes: msg`Showing the recovery codes`,
    'showingRecoveryCodes.idle': msg`Recovery codes ready to save`,
    'showingRecoveryCodes.copying': msg`Copying the recovery codes`,
    'showingRecoveryCodes.copied': msg`Recovery codes copied`,
    'showingRecoveryCodes.copyFailed': msg`Recovery codes could not be copied`,
    done: msg`Two-factor is on`,
  },
  login: {
    editingPassword: msg`Entering e-mail and password`,
    submittingPassword: msg`Checking e-mail and password`,
    enteringCode: msg`Entering the one-time code`,
    submittingCode: msg`Checking the one-time code`,
    enteringRecoveryCode: msg`Entering a recovery code`,
    submittingRecoveryCode: msg`Checking the recovery code`,
    settingUpTwoFactor: msg`Setting up two-factor first`,
    redirecting: msg`Logged in, going on`,
  },
  confirmEmail: {
    checkingToken: msg`Reading the link`,
    confirming: msg`Confirming the e-mail address`,
    confirmed: msg`E-mail address confirmed`,
    alreadyConfirmed: msg`Already confirmed before`,
    failed: msg`Confirmation failed`,
  },
  magicLink: {
    exchanging: msg`Signing in with the link`,
    continuing: msg`Signed in, going on`,
    failed: msg`The link did not work`,
  },
  forgotPassword: {
    editing: msg`Entering the e-mail address`,
    submitting: msg`Sending the mail`,
    succeeded: msg`Mail sent`,
  },
  setPassword: {
    checkingToken: msg`Checking the link`,
    editing: msg`Choosing a new password`,
    submitting: msg`Saving the new password`,
    succeeded: msg`Password changed`,
    invalidToken: msg`The link is no longer valid`,
  },
  idpSuccess: {
    waiting: msg`Signed in by the provider`,
    continuing: msg`Going on to the account`,
  },
  lists: {
    tab: msg`Choosing a list`,
    'tab.channels': msg`Channels tab`,
    'tab.organisations': msg`Organisations tab`,
    channels: msg`Channels`,
    'channels.loading': msg`Loading the channels`,
    'channels.loaded': msg`Channels shown`,
    'channels.failed': msg`Channels could not be loaded`,
    organisations: msg`Organisations`,
    'organisations.loading': msg`Loading the organisations`,
    'organisations.loaded': msg`Organisations shown`,
    'organisations.failed': msg`Organisations could not be loaded`,
  },
  resendConfirmation: {
    idle: msg`Asked to confirm the e-mail address`,
    sending: msg`Sending the confirmation again`,
    sent: msg`Confirmation sent again`,
    failed: msg`Could not send the confirmation`,
  },
  curatorSignUp: {
    editing: msg`Filling in the sign-up form`,
    submitting: msg`Creating the account`,
    registered: msg`Account created`,
  },
  invitationSignUp: {
    checking: msg`Checking the invitation`,
    editing: msg`Filling in the invitation form`,
    submitting: msg`Creating the account`,
    settingUpTwoFactor: msg`Setting up two-factor`,
    redirecting: msg`Going on to the channel`,
    invalidToken: msg`The invitation is no longer valid`,
  },
  startByCompanyId: {
    organisationSubdomain: msg`Entering the organisation`,
    checkingSubdomain: msg`Checking the organisation`,
    companyId: msg`Entering name and company id`,
    checkingCompanyId: msg`Checking the company id`,
    email: msg`Entering the e-mail address`,
    deviceTerms: msg`Accepting the terms of device use`,
    registering: msg`Registering`,
    registered: msg`Registered, mail sent`,
  },
  companyStart: {
    details: msg`Entering name and staff number`,
    checking: msg`Checking the details`,
    email: msg`Entering the e-mail address`,
    registering: msg`Registering`,
    registered: msg`Registered, mail sent`,
  },
  createEntry: {
    closed: msg`Only the New button`,
    editing: msg`Filling in name and address`,
    submitting: msg`Creating`,
    succeeded: msg`Created`,
  },
  profileEdit: {
    closed: msg`Viewing the profile`,
    editing: msg`Editing the profile`,
    saving: msg`Saving the profile`,
  },
  avatarUpload: {
    idle: msg`Current picture`,
    preparing: msg`Preparing the picture`,
    uploading: msg`Uploading the picture`,
    uploaded: msg`Picture uploaded`,
    refused: msg`Picture refused`,
    droppingImages: msg`Removing unused pictures`,
  },
  twoFactorPanel: {
    checking: msg`Reading the two-factor setting`,
    off: msg`Two-factor is off`,
    counting: msg`Counting the recovery codes`,
    countFailed: msg`Could not count the recovery codes`,
    on: msg`Two-factor is on`,
    fetchingSecret: msg`Making a new secret`,
    secretFailed: msg`Could not make a secret`,
    settingUp: msg`Setting up two-factor`,
    'settingUp.steps': msg`Following the setup steps`,
    'settingUp.confirming': msg`Confirming the new setup`,
    regenerating: msg`Making new recovery codes`,
    'regenerating.editing': msg`Typing the current code`,
    'regenerating.submitting': msg`Checking the code`,
    showingNewCodes: msg`Showing the new recovery codes`,
  },
};

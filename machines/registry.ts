import type { AnyStateMachine } from 'xstate';
import { accountExportMachine } from './accountExport/accountExport.machine';
import { addPasskeyMachine } from './addPasskey/addPasskey.machine';
import { avatarUploadMachine } from './avatarUpload/avatarUpload.machine';
import { changeEmailMachine } from './changeEmail/changeEmail.machine';
import { changePasswordMachine } from './changePassword/changePassword.machine';
import { companyStartMachine } from './companyStart/companyStart.machine';
import { confirmEmailMachine } from './confirmEmail/confirmEmail.machine';
import { createEntryMachine } from './createEntry/createEntry.machine';
import { curatorSignUpMachine } from './curatorSignUp/curatorSignUp.machine';
import { deleteAccountMachine } from './deleteAccount/deleteAccount.machine';
import { emailChangeLinkMachine } from './emailChangeLink/emailChangeLink.machine';
import { forgotPasswordMachine } from './forgotPassword/forgotPassword.machine';
import { idpSuccessMachine } from './idpSuccess/idpSuccess.machine';
import { invitationSignUpMachine } from './invitationSignUp/invitationSignUp.machine';
import { languageMachine } from './language/language.machine';
import { listsMachine } from './lists/lists.machine';
import { loginMachine } from './login/login.machine';
import { magicLinkMachine } from './magicLink/magicLink.machine';
import { organisationBrandMachine } from './organisationBrand/organisationBrand.machine';
import { passkeySignInMachine } from './passkeySignIn/passkeySignIn.machine';
import { passkeysMachine } from './passkeys/passkeys.machine';
import { profileEditMachine } from './profileEdit/profileEdit.machine';
import { recoveryReviewMachine } from './recoveryReview/recoveryReview.machine';
import { rememberedDevicesMachine } from './rememberedDevices/rememberedDevices.machine';
import { resendMachine } from './resend/resend.machine';
import { securityActivityMachine } from './securityActivity/securityActivity.machine';
import { sessionsMachine } from './sessions/sessions.machine';
import { setPasswordMachine } from './setPassword/setPassword.machine';
import { startByCompanyIdMachine } from './startByCompanyId/startByCompanyId.machine';
import { stepUpMachine } from './stepUp/stepUp.machine';
import { twoFactorPanelMachine } from './twoFactorPanel/twoFactorPanel.machine';
import { twoFactorSetupMachine } from './twoFactorSetup/twoFactorSetup.machine';

/**
 * Every production machine, by name. `npm run diagrams` draws each one into docs/flows/<name>.md and
 * `npm run test:model` fails when one of them has no model test (test/model). A new flow adds itself here.
 */
export const machines = {
  language: languageMachine,
  twoFactorSetup: twoFactorSetupMachine,
  login: loginMachine,
  confirmEmail: confirmEmailMachine,
  magicLink: magicLinkMachine,
  forgotPassword: forgotPasswordMachine,
  setPassword: setPasswordMachine,
  idpSuccess: idpSuccessMachine,
  lists: listsMachine,
  resend: resendMachine,
  curatorSignUp: curatorSignUpMachine,
  invitationSignUp: invitationSignUpMachine,
  startByCompanyId: startByCompanyIdMachine,
  companyStart: companyStartMachine,
  organisationBrand: organisationBrandMachine,
  createEntry: createEntryMachine,
  profileEdit: profileEditMachine,
  avatarUpload: avatarUploadMachine,
  twoFactorPanel: twoFactorPanelMachine,
  stepUp: stepUpMachine,
  changePassword: changePasswordMachine,
  changeEmail: changeEmailMachine,
  deleteAccount: deleteAccountMachine,
  passkeySignIn: passkeySignInMachine,
  passkeys: passkeysMachine,
  addPasskey: addPasskeyMachine,
  sessions: sessionsMachine,
  rememberedDevices: rememberedDevicesMachine,
  securityActivity: securityActivityMachine,
  accountExport: accountExportMachine,
  emailChangeLink: emailChangeLinkMachine,
  recoveryReview: recoveryReviewMachine,
} satisfies Record<string, AnyStateMachine>;

export type MachineName = keyof typeof machines;

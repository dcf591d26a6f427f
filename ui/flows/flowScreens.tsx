/**
 * The production view of each flow, and how the explorer runs its machine: the model test's samples
 * (machines/<flow>/<flow>.samples.ts, shared with the model test) and no-op stand-ins for whole-page effects.
 * A flow without an entry here shows its diagram, paths and transitions, without a screen.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactElement, ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { accountExportSamples } from '../../machines/accountExport/accountExport.samples';
import { addPasskeyMachine } from '../../machines/addPasskey/addPasskey.machine';
import { addPasskeySamples } from '../../machines/addPasskey/addPasskey.samples';
import { avatarUploadSamples } from '../../machines/avatarUpload/avatarUpload.samples';
import { changeEmailSamples } from '../../machines/changeEmail/changeEmail.samples';
import { changePasswordSamples } from '../../machines/changePassword/changePassword.samples';
import { companyStartSamples } from '../../machines/companyStart/companyStart.samples';
import { confirmEmailSamples } from '../../machines/confirmEmail/confirmEmail.samples';
import { createEntrySamples } from '../../machines/createEntry/createEntry.samples';
import { curatorSignUpSamples } from '../../machines/curatorSignUp/curatorSignUp.samples';
import { deleteAccountSamples } from '../../machines/deleteAccount/deleteAccount.samples';
import { emailChangeLinkSamples } from '../../machines/emailChangeLink/emailChangeLink.samples';
import { forgotPasswordSamples } from '../../machines/forgotPassword/forgotPassword.samples';
import { invitationSignUpSamples } from '../../machines/invitationSignUp/invitationSignUp.samples';
import { listsSamples } from '../../machines/lists/lists.samples';
import { loginSamples } from '../../machines/login/login.samples';
import { magicLinkSamples } from '../../machines/magicLink/magicLink.samples';
import { passkeySignInSamples } from '../../machines/passkeySignIn/passkeySignIn.samples';
import { passkeysSamples } from '../../machines/passkeys/passkeys.samples';
import { profile, profileEditSamples } from '../../machines/profileEdit/profileEdit.samples';
import { recoveryReviewMachine } from '../../machines/recoveryReview/recoveryReview.machine';
import { recoveryReviewSamples } from '../../machines/recoveryReview/recoveryReview.samples';
import type { MachineName } from '../../machines/registry';
import { rememberedDevicesSamples } from '../../machines/rememberedDevices/rememberedDevices.samples';
import { resendMachine } from '../../machines/resend/resend.machine';
import { resendSamples } from '../../machines/resend/resend.samples';
import { securityActivitySamples } from '../../machines/securityActivity/securityActivity.samples';
import { sessionsSamples } from '../../machines/sessions/sessions.samples';
import { setPasswordSamples } from '../../machines/setPassword/setPassword.samples';
import { startByCompanyIdSamples } from '../../machines/startByCompanyId/startByCompanyId.samples';
import { stepUpMachine } from '../../machines/stepUp/stepUp.machine';
import { stepUpSamples } from '../../machines/stepUp/stepUp.samples';
import { twoFactorPanelSamples } from '../../machines/twoFactorPanel/twoFactorPanel.samples';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetup/twoFactorSetup.machine';
import { twoFactorSetupSamples } from '../../machines/twoFactorSetup/twoFactorSetup.samples';
import { createFakeActors } from '../../test/model/fakes';
import { CompanyStartView } from '../company/CompanyStartView';
import { HeadingsAt } from '../components/headingLevel';
import { ConfirmView } from '../confirm/ConfirmView';
import { EmailChangeLinkView } from '../emailChange/EmailChangeLinkView';
import { ResendPart } from '../form/ResendPart';
import { IdpSuccessPage } from '../idp/IdpSuccessPage';
import { CreateEntryForm } from '../lists/CreateEntryForm';
import { ListsView } from '../lists/ListsView';
import { LoginView } from '../login/LoginView';
import { PasskeySignIn } from '../login/PasskeySignIn';
import type { LoginActorRef } from '../login/types';
import { MagicLinkView } from '../magicLink/MagicLinkView';
import { AvatarField } from '../me/AvatarField';
import { ProfileEditPanel } from '../me/ProfileEditPanel';
import { AccountExportPart } from '../me/security/AccountExportPart';
import { ActivityPanel } from '../me/security/ActivityPanel';
import { AddPasskeyPart } from '../me/security/AddPasskeyPart';
import { ChangeEmailPart } from '../me/security/ChangeEmailPart';
import { ChangePasswordPart } from '../me/security/ChangePasswordPart';
import { DeleteAccountPart } from '../me/security/DeleteAccountPart';
import { PasskeysPanel } from '../me/security/PasskeysPanel';
import { RememberedDevicesPanel } from '../me/security/RememberedDevicesPanel';
import { SessionsPanel } from '../me/security/SessionsPanel';
import { StepUpForm } from '../me/security/StepUpForm';
import { TwoFactorPanel } from '../me/TwoFactorPanel';
import { ForgotPasswordView } from '../password/ForgotPasswordView';
import { SetPasswordView } from '../password/SetPasswordView';
import { RecoveryReviewView } from '../recovery/RecoveryReviewView';
import { CuratorSignUpForm } from '../register/CuratorSignUpForm';
import { InvitationSignUpView } from '../register/InvitationSignUpView';
import { StartView } from '../start/StartView';
import { TwoFactorSetupView } from '../twoFactor/TwoFactorSetupView';
import type { ReplayOptions } from './replay';

export interface FlowScreen {
  options: () => ReplayOptions;
  render: (actorRef: AnyActorRef) => ReactElement;
}

/** Links of a shown screen go nowhere: the explorer shows the screen, it does not run the site around it. */
const inertLink = (_target: string, children: ReactNode) => <a href="#top">{children}</a>;

/** The setup inside a screen runs for real, with its own calls as fakes; download and print do nothing here. */
const realSetup = () =>
  twoFactorSetupMachine.provide({
    actors: createFakeActors(twoFactorSetupMachine).logic,
    actions: { downloadText: () => {}, printCodes: () => {} },
  });

/** The step-up inside a security part runs for real, with its own call as a fake. */
const realStepUp = () => stepUpMachine.provide({ actors: createFakeActors(stepUpMachine).logic });

/** 'Send again' on a 'check your e-mail' screen runs for real (its wait shows), with its call as a fake. */
const realResend = () => ({
  resendMail: resendMachine.provide({ actors: createFakeActors(resendMachine).logic }),
});

/** A /me part shown alone: its headings at the level a part of a /me section gives (ui/me/README.md: One outline). */
const mePart = (part: ReactElement) => <HeadingsAt level={3}>{part}</HeadingsAt>;

export const flowScreens: Partial<Record<MachineName, FlowScreen>> = {
  login: {
    options: () => ({
      samples: loginSamples,
      implementations: { actions: { redirect: () => {} } },
      // The setup is part of the login screen: its machine runs for real, with its own calls as fakes.
      actors: {
        twoFactorSetup: realSetup(),
      },
    }),
    render: (actorRef) => (
      <LoginView
        actorRef={actorRef as LoginActorRef}
        renderLink={inertLink}
        contactEmail="help@example.test"
      />
    ),
  },
  lists: {
    options: () => ({ samples: listsSamples, implementations: { actions: { logLoadFailure: () => {} } } }),
    render: (actorRef) => <ListsView actorRef={actorRef as never} organisationHref={() => '#top'} />,
  },
  createEntry: {
    options: () => ({
      samples: createEntrySamples,
      implementations: { actions: { entryCreated: () => {} } },
    }),
    render: (actorRef) => mePart(<CreateEntryForm actorRef={actorRef as never} />),
  },
  profileEdit: {
    options: () => ({
      samples: profileEditSamples,
      implementations: { actions: { profileSaved: () => {}, editCancelled: () => {} } },
    }),
    // The profile is the samples' one; the avatar field is avatarUpload's own screen (its flow), not this one.
    render: (actorRef) => mePart(<ProfileEditPanel actorRef={actorRef as never} profile={profile} />),
  },
  avatarUpload: {
    options: () => ({
      samples: avatarUploadSamples,
      implementations: { actions: { reportImage: () => {} } },
    }),
    render: (actorRef) => <AvatarField actorRef={actorRef as never} />,
  },
  forgotPassword: {
    options: () => ({ samples: forgotPasswordSamples, actors: realResend() }),
    render: (actorRef) => <ForgotPasswordView actorRef={actorRef as never} renderLink={inertLink} />,
  },
  setPassword: {
    options: () => ({
      samples: setPasswordSamples,
      // The review after the new password runs for real, with its own calls as fakes.
      actors: {
        recoveryReview: recoveryReviewMachine.provide({
          actors: createFakeActors(recoveryReviewMachine).logic,
        }),
      },
    }),
    render: (actorRef) => <SetPasswordView actorRef={actorRef as never} renderLink={inertLink} />,
  },
  magicLink: {
    options: () => ({ samples: magicLinkSamples, implementations: { actions: { continueTo: () => {} } } }),
    render: (actorRef) => <MagicLinkView actorRef={actorRef as never} renderLink={inertLink} />,
  },
  confirmEmail: {
    options: () => ({ samples: confirmEmailSamples }),
    render: (actorRef) => <ConfirmView actorRef={actorRef as never} renderLink={inertLink} />,
  },
  resend: {
    options: () => ({ samples: resendSamples }),
    render: (actorRef) => <ResendPart actorRef={actorRef as never} />,
  },
  companyStart: {
    options: () => ({ samples: companyStartSamples, actors: realResend() }),
    render: (actorRef) => (
      <CompanyStartView
        actorRef={actorRef as never}
        contactEmail="help@lit.example"
        termsLinks={{ terms: '#top', privacy: '#top' }}
        renderLink={(_target, children) => <a href="#top">{children}</a>}
      />
    ),
  },
  twoFactorSetup: {
    options: () => ({
      samples: twoFactorSetupSamples,
      implementations: { actions: { downloadText: () => {}, printCodes: () => {} } },
    }),
    render: (actorRef) => <TwoFactorSetupView actorRef={actorRef as never} />,
  },
  curatorSignUp: {
    options: () => ({ samples: curatorSignUpSamples, implementations: { actions: { signedIn: () => {} } } }),
    render: (actorRef) => (
      <CuratorSignUpForm
        actorRef={actorRef as never}
        platformHost="lit.example"
        defaultLinks={{ terms: '#top', privacy: '#top' }}
        loginLink={
          <Trans>
            Already have an account? <a href="#top">Log in</a>
          </Trans>
        }
      />
    ),
  },
  startByCompanyId: {
    options: () => ({
      samples: startByCompanyIdSamples,
      actors: realResend(),
      implementations: {
        actions: { storeFields: () => {}, clearStoredFields: () => {}, clearStoredIdentity: () => {} },
      },
    }),
    render: (actorRef) => (
      <StartView
        actorRef={actorRef as never}
        renderLink={inertLink}
        termsLinks={{ terms: '#top', privacy: '#top' }}
        contactEmail="help@papier-union.example"
      />
    ),
  },
  invitationSignUp: {
    options: () => ({
      samples: invitationSignUpSamples,
      implementations: { actions: { redirect: () => {} } },
      // The setup is part of the sign-up screen: its machine runs for real, with its own calls as fakes.
      actors: {
        twoFactorSetup: realSetup(),
      },
    }),
    render: (actorRef) => (
      <InvitationSignUpView
        actorRef={actorRef as never}
        platformHost="lit.example"
        defaultLinks={{ terms: '#top', privacy: '#top' }}
        renderLink={inertLink}
      />
    ),
  },
  twoFactorPanel: {
    options: () => ({
      samples: twoFactorPanelSamples,
      implementations: { actions: { downloadText: () => {}, printCodes: () => {} } },
      // The setup steps are part of the panel: their machine runs for real, with its own calls as fakes.
      actors: {
        twoFactorSetup: realSetup(),
      },
    }),
    render: (actorRef) => mePart(<TwoFactorPanel actorRef={actorRef as never} />),
  },
  stepUp: {
    options: () => ({ samples: stepUpSamples }),
    render: (actorRef) => (
      <HeadingsAt level={2}>
        <StepUpForm actorRef={actorRef as never} />
      </HeadingsAt>
    ),
  },
  changePassword: {
    options: () => ({ samples: changePasswordSamples, actors: { stepUp: realStepUp() } }),
    render: (actorRef) => mePart(<ChangePasswordPart actorRef={actorRef as never} />),
  },
  changeEmail: {
    options: () => ({ samples: changeEmailSamples, actors: { stepUp: realStepUp() } }),
    render: (actorRef) => mePart(<ChangeEmailPart actorRef={actorRef as never} />),
  },
  deleteAccount: {
    options: () => ({
      samples: deleteAccountSamples,
      implementations: { actions: { accountDeleted: () => {} } },
      actors: { stepUp: realStepUp() },
    }),
    render: (actorRef) => mePart(<DeleteAccountPart actorRef={actorRef as never} />),
  },
  passkeySignIn: {
    options: () => ({ samples: passkeySignInSamples, implementations: { actions: { signedIn: () => {} } } }),
    render: (actorRef) => <PasskeySignIn actorRef={actorRef as never} />,
  },
  emailChangeLink: {
    options: () => ({
      samples: emailChangeLinkSamples,
      implementations: { actions: { continueToNewPassword: () => {} } },
    }),
    render: (actorRef) => (
      <EmailChangeLinkView
        actorRef={actorRef as never}
        renderLoginLink={(children) => inertLink('login', children)}
      />
    ),
  },
  recoveryReview: {
    options: () => ({ samples: recoveryReviewSamples }),
    render: (actorRef) => <RecoveryReviewView actorRef={actorRef as never} />,
  },
  passkeys: {
    options: () => ({
      samples: passkeysSamples,
      // Adding runs for real inside the list, with its own calls and step-up as fakes.
      actors: {
        addPasskey: addPasskeyMachine.provide({
          actors: { ...createFakeActors(addPasskeyMachine).logic, stepUp: realStepUp() },
        }),
      },
    }),
    render: (actorRef) => mePart(<PasskeysPanel actorRef={actorRef as never} />),
  },
  addPasskey: {
    options: () => ({ samples: addPasskeySamples, actors: { stepUp: realStepUp() } }),
    render: (actorRef) => mePart(<AddPasskeyPart actorRef={actorRef as never} onClose={() => {}} />),
  },
  sessions: {
    options: () => ({ samples: sessionsSamples, implementations: { actions: { signedOut: () => {} } } }),
    render: (actorRef) => mePart(<SessionsPanel actorRef={actorRef as never} />),
  },
  rememberedDevices: {
    options: () => ({
      samples: rememberedDevicesSamples,
      implementations: { actions: { signedOut: () => {} } },
    }),
    render: (actorRef) => mePart(<RememberedDevicesPanel actorRef={actorRef as never} />),
  },
  securityActivity: {
    options: () => ({
      samples: securityActivitySamples,
      implementations: { actions: { signedOut: () => {} } },
    }),
    render: (actorRef) =>
      mePart(<ActivityPanel actorRef={actorRef as never} recoveryHref="/forgot_password" />),
  },
  accountExport: {
    options: () => ({
      samples: accountExportSamples,
      implementations: { actions: { saveFile: () => {} } },
      actors: { stepUp: realStepUp() },
    }),
    render: (actorRef) => mePart(<AccountExportPart actorRef={actorRef as never} />),
  },
  // The page reads no state from its machine: its timer only decides when the route leaves for /me.
  idpSuccess: {
    options: () => ({ samples: {}, implementations: { actions: { continueToMe: () => {} } } }),
    render: () => <IdpSuccessPage provider="okta" />,
  },
  // language has no entry: its gate switches the language of the whole page, the explorer's own included.
};

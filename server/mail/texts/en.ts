import type { MailTexts } from './types';

const IGNORE = 'If you did not ask for this, you can ignore this mail.';
/** The 'it was not me' of a notice about a way into the account: the reset is the recovery. */
const RECOVER =
  'If it was not you, ask for a password reset with this link at once. Setting a new password from the mailed link signs out every session, then shows you every way into your account (passkeys, authenticator app, recovery codes) to keep or remove each.';

export const en: MailTexts = {
  reset: (vars) => ({
    subject: 'Reset your password',
    intro: [
      `Hello ${vars.screenName},`,
      'use this link to choose a new password. It works once, for one hour.',
    ],
    button: 'Set a new password',
    outro: [IGNORE],
  }),
  magic: (vars) => ({
    subject: 'Your sign-in link',
    intro: [`Hello ${vars.screenName},`, 'use this link to sign in. It works once, for 15 minutes.'],
    button: 'Sign in',
    outro: [IGNORE],
  }),
  resetInsteadOfMagic: (vars) => ({
    subject: 'Reset your password',
    intro: [
      `Hello ${vars.screenName},`,
      'your account uses two-factor authentication, so it cannot sign in by link alone.',
      'Use this link to choose a new password, then sign in with it and your authenticator code.',
    ],
    button: 'Set a new password',
    outro: [IGNORE],
  }),
  confirm: (vars) => ({
    subject: 'Please confirm your e-mail address',
    intro: [
      `Hello ${vars.screenName},`,
      'please confirm your e-mail address. The link works for seven days.',
    ],
    button: 'Confirm e-mail address',
    outro: [IGNORE],
  }),
  companyIdPending: (vars) => ({
    subject: `Your registration with ${vars.organisationName}`,
    intro: [
      `Hello ${vars.screenName},`,
      `someone has just tried to register as you with ${vars.organisationName}, giving another e-mail address. Your registration stays with this address; nothing was changed.`,
      'If that was you, confirm this address with the link below to finish. The link works for seven days.',
    ],
    button: 'Confirm e-mail address',
    outro: ['If it was not you, you can ignore this mail: nobody else receives the link.'],
  }),
  welcomeSetPassword: (vars) => ({
    subject: `Welcome to ${vars.organisationName}: set your password`,
    intro: [
      `Hello ${vars.screenName},`,
      `your e-mail address is confirmed and your ${vars.organisationName} account is ready.`,
      `You signed up with your company ID, so your account has no password yet. Use this link to choose one; it works once, for ${vars.days} days. Then log in with your e-mail address and that password.`,
    ],
    button: 'Set your password',
    outro: [
      `If you did not sign up with ${vars.organisationName}, you can ignore this mail: without a password nobody can log in.`,
    ],
  }),
  invitation: (vars) => ({
    subject: `${vars.inviterName} invites you to ${vars.channelName}`,
    intro: [
      `Hello ${vars.screenName},`,
      vars.reader
        ? `${vars.inviterName} invites you to read ${vars.channelName} of ${vars.organisationName}.`
        : `${vars.inviterName} invites you to create content for ${vars.channelName} of ${vars.organisationName}.`,
      ...(vars.message ? [vars.message] : []),
    ],
    button: 'Accept the invitation',
    outro: ['The invitation is valid for 14 days.'],
  }),
  emailChangeConfirm: (vars) => ({
    subject: 'Confirm your new e-mail address',
    intro: [
      `Hello ${vars.screenName},`,
      `please confirm ${vars.newEmail} as the new e-mail address of your account. Until you do, nothing changes. The link works once, for one day.`,
    ],
    button: 'Confirm the new address',
    outro: [IGNORE],
  }),
  emailChanged: (vars) => ({
    subject: 'Your e-mail address was changed',
    intro: [
      `Hello ${vars.screenName},`,
      `the e-mail address of your account was changed to ${vars.newEmail} on ${vars.when} from ${vars.browser}. From now on, mails go there.`,
    ],
    button: 'Undo the change',
    outro: [
      'If it was not you, undo the change with this link within seven days: it restores this address and signs out every session. Then set a new password.',
    ],
  }),
  passwordChanged: (vars) => ({
    subject: 'Your password was changed',
    intro: [
      `Hello ${vars.screenName},`,
      `the password of your account was changed on ${vars.when} from ${vars.browser}. Every other session was signed out.`,
    ],
    button: 'Reset your password',
    outro: [
      'If it was not you, reset your password with this link at once, and check your sessions on your profile page.',
    ],
  }),
  accountDeleted: (vars) => ({
    subject: 'Your account was deleted',
    intro: [
      `Hello ${vars.screenName},`,
      `your account was deleted on ${vars.when} from ${vars.browser}, with its sessions, pictures and two-factor data.`,
    ],
    button: 'Go to the site',
    outro: [
      'If it was not you, reply to this mail at once. You can sign up again with this address at any time.',
    ],
  }),
  twoFactorEnabled: (vars) => ({
    subject: vars.again
      ? 'Two-factor authentication was set up again'
      : 'Two-factor authentication was turned on',
    intro: [
      `Hello ${vars.screenName},`,
      `two-factor authentication of your account was ${vars.again ? 'set up again with a new authenticator' : 'turned on'} on ${vars.when} from ${vars.browser}. Your old recovery codes no longer work.`,
    ],
    button: 'Reset your password',
    outro: [RECOVER],
  }),
  recoveryCodesRegenerated: (vars) => ({
    subject: 'New recovery codes were made',
    intro: [
      `Hello ${vars.screenName},`,
      `new recovery codes for your account were made on ${vars.when} from ${vars.browser}. The old ones no longer work.`,
    ],
    button: 'Reset your password',
    outro: [RECOVER],
  }),
  newSignIn: (vars) => ({
    subject: 'A sign-in from a new browser',
    intro: [
      `Hello ${vars.screenName},`,
      `your account was signed in to on ${vars.when} from ${vars.browser}, a browser not seen on this account before.`,
    ],
    button: 'Reset your password',
    outro: [
      'If it was you, there is nothing to do. If it was not, reset your password with this link at once and sign the other sessions out on your profile page.',
    ],
  }),
  passkeyAdded: (vars) => ({
    subject: 'A passkey was added to your account',
    intro: [
      `Hello ${vars.screenName},`,
      `a passkey was added to your account on ${vars.when} from ${vars.browser}. Whoever holds it can sign in with it, without your password.`,
    ],
    button: 'Reset your password',
    outro: [RECOVER],
  }),
  passkeyRemoved: (vars) => ({
    subject: 'A passkey was removed from your account',
    intro: [
      `Hello ${vars.screenName},`,
      `the passkey added to your account on ${vars.addedOn} was removed on ${vars.when} from ${vars.browser}. It no longer signs in.`,
    ],
    button: 'Reset your password',
    outro: [RECOVER],
  }),
  twoFactorRemoved: (vars) => ({
    subject: 'Two-factor authentication was turned off',
    intro: [
      `Hello ${vars.screenName},`,
      `two-factor authentication of your account was turned off during a recovery on ${vars.when} from ${vars.browser}: the authenticator app and the recovery codes no longer sign in. You can turn it on again on your account page.`,
    ],
    button: 'Reset your password',
    outro: [RECOVER],
  }),
};

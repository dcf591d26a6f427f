/** What each mail needs, and the shape of one language's texts (server/mail/texts/<language>.ts). */

export interface MailTemplateVars {
  /** Password reset link to /forgot_password_set?token=... */
  reset: { link: string; screenName: string };
  /** Magic sign-in link to /me?magicLinkToken=... */
  magic: { link: string; screenName: string };
  /** Like `reset`, sent when a magic link was asked for an account with two-factor (a link must not bypass it). */
  resetInsteadOfMagic: { link: string; screenName: string };
  /** E-mail confirmation link to /confirm?token=... */
  confirm: { link: string; screenName: string };
  /**
   * A company-id sign-up pending at this address was registered again with another address: the registration
   * stays here, and the link confirms this address (docs/decisions/security.md: A pending company-id sign-up stays with its
   * address).
   */
  companyIdPending: { link: string; screenName: string; organisationName: string };
  /**
   * After a company-id sign-up is confirmed: welcome to the organisation, and a link to set a first password
   * (/forgot_password_set?token=..., valid `days` days). Never a password in the mail
   * (docs/decisions/product.md: Company-id sign-up: a link to set a password).
   */
  welcomeSetPassword: { link: string; screenName: string; organisationName: string; days: number };
  /** Invitation link to /register?token=...; `reader` picks the reader wording, else the editor one. */
  invitation: {
    link: string;
    screenName: string;
    inviterName: string;
    organisationName: string;
    channelName: string;
    reader: boolean;
    /** The inviter's own words (custom e-mail text, max 300). */
    message?: string;
  };
  /** The link to the NEW address that confirms an e-mail change (/confirm_email_change?token=..., one day). */
  emailChangeConfirm: { link: string; screenName: string; newEmail: string };
  /** Security notice to the OLD address after the change, with the undo link (seven days). */
  emailChanged: SecurityNoticeVars & { newEmail: string };
  /** Security notice: the password was changed; the link leads to a password reset. */
  passwordChanged: SecurityNoticeVars;
  /** The last mail to a deleted account; the link leads to the start page. */
  accountDeleted: SecurityNoticeVars;
  /** Two-factor turned on (`again`: set up again with a new authenticator); the link leads to a password reset. */
  twoFactorEnabled: SecurityNoticeVars & { again: boolean };
  /** New recovery codes replaced the old ones; the link leads to a password reset. */
  recoveryCodesRegenerated: SecurityNoticeVars;
  /** A sign-in from a browser not seen before on the account (server/security/seenBrowsers.ts). */
  newSignIn: SecurityNoticeVars;
  /** A passkey was added to the account; the link leads to a password reset (the recovery). */
  passkeyAdded: SecurityNoticeVars;
  /** A passkey was removed; `addedOn` is when it had been added (noticeTime), so the owner knows which one. */
  passkeyRemoved: SecurityNoticeVars & { addedOn: string };
  /** The recovery review removed the authenticator app and its recovery codes (two-factor is off). */
  twoFactorRemoved: SecurityNoticeVars;
}
export type MailTemplate = keyof MailTemplateVars;

/**
 * What every security notice tells (docs/decisions/security.md: Security notices): when (UTC), from which browser and
 * system, and a link for what to do if it was not them.
 */
export interface SecurityNoticeVars {
  link: string;
  screenName: string;
  when: string;
  browser: string;
}

/** One mail's words: the link's button sits between the intro and the outro. */
export interface Body {
  subject: string;
  /** Paragraphs before the button. */
  intro: string[];
  button: string;
  /** Paragraphs after it. */
  outro: string[];
}

/** Every mail in one language. */
export type MailTexts = { [T in MailTemplate]: (vars: MailTemplateVars[T]) => Body };

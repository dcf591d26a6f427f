/**
 * The mails the server sends, in English and German (spec 7, spec 9: invitation templates for editors
 * and readers in both). Other locales get English until they have their own texts.
 *
 * Every variable is escaped for the HTML part; links are the only URLs in a mail, so the dev mailbox's `links`
 * are exactly the links a user could click.
 */
import type { Locale } from '../../api/contract/limits';

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
   * After a company-id sign-up is confirmed: welcome to the organisation, and a link to set a first password
   * (/forgot_password_set?token=..., valid `days` days). Never a password in the mail
   * (docs/decisions.md: Company-id sign-up: a link to set a password).
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
}
export type MailTemplate = keyof MailTemplateVars;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Language = 'en' | 'de';
export const mailLanguage = (locale: Locale): Language => (locale.startsWith('de') ? 'de' : 'en');

interface Body {
  subject: string;
  /** Paragraphs before the button. */
  intro: string[];
  button: string;
  /** Paragraphs after it. */
  outro: string[];
}

type Texts = { [T in MailTemplate]: Record<Language, (vars: MailTemplateVars[T]) => Body> };

const IGNORE_EN = 'If you did not ask for this, you can ignore this mail.';
const IGNORE_DE = 'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.';

const TEXTS: Texts = {
  reset: {
    en: (vars) => ({
      subject: 'Reset your password',
      intro: [
        `Hello ${vars.screenName},`,
        'use this link to choose a new password. It works once, for one hour.',
      ],
      button: 'Set a new password',
      outro: [IGNORE_EN],
    }),
    de: (vars) => ({
      subject: 'Passwort zurücksetzen',
      intro: [
        `Hallo ${vars.screenName},`,
        'über diesen Link können Sie ein neues Passwort wählen. Er gilt einmal und eine Stunde lang.',
      ],
      button: 'Neues Passwort festlegen',
      outro: [IGNORE_DE],
    }),
  },
  magic: {
    en: (vars) => ({
      subject: 'Your sign-in link',
      intro: [`Hello ${vars.screenName},`, 'use this link to sign in. It works once, for 15 minutes.'],
      button: 'Sign in',
      outro: [IGNORE_EN],
    }),
    de: (vars) => ({
      subject: 'Ihr Anmeldelink',
      intro: [
        `Hallo ${vars.screenName},`,
        'über diesen Link melden Sie sich an. Er gilt einmal und 15 Minuten lang.',
      ],
      button: 'Anmelden',
      outro: [IGNORE_DE],
    }),
  },
  resetInsteadOfMagic: {
    en: (vars) => ({
      subject: 'Reset your password',
      intro: [
        `Hello ${vars.screenName},`,
        'your account uses two-factor authentication, so it cannot sign in by link alone.',
        'Use this link to choose a new password, then sign in with it and your authenticator code.',
      ],
      button: 'Set a new password',
      outro: [IGNORE_EN],
    }),
    de: (vars) => ({
      subject: 'Passwort zurücksetzen',
      intro: [
        `Hallo ${vars.screenName},`,
        'Ihr Konto nutzt die Zwei-Faktor-Authentifizierung und kann sich daher nicht allein per Link anmelden.',
        'Wählen Sie über diesen Link ein neues Passwort und melden Sie sich damit und mit Ihrem Code an.',
      ],
      button: 'Neues Passwort festlegen',
      outro: [IGNORE_DE],
    }),
  },
  confirm: {
    en: (vars) => ({
      subject: 'Please confirm your e-mail address',
      intro: [
        `Hello ${vars.screenName},`,
        'please confirm your e-mail address. The link works for seven days.',
      ],
      button: 'Confirm e-mail address',
      outro: [IGNORE_EN],
    }),
    de: (vars) => ({
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      intro: [
        `Hallo ${vars.screenName},`,
        'bitte bestätigen Sie Ihre E-Mail-Adresse. Der Link gilt sieben Tage.',
      ],
      button: 'E-Mail-Adresse bestätigen',
      outro: [IGNORE_DE],
    }),
  },
  welcomeSetPassword: {
    en: (vars) => ({
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
    de: (vars) => ({
      subject: `Willkommen bei ${vars.organisationName}: Legen Sie Ihr Passwort fest`,
      intro: [
        `Hallo ${vars.screenName},`,
        `Ihre E-Mail-Adresse ist bestätigt und Ihr Konto bei ${vars.organisationName} ist bereit.`,
        `Sie haben sich mit Ihrer Firmen-ID registriert, daher hat Ihr Konto noch kein Passwort. Über diesen Link wählen Sie eines; er gilt einmal und ${vars.days} Tage lang. Danach melden Sie sich mit Ihrer E-Mail-Adresse und diesem Passwort an.`,
      ],
      button: 'Passwort festlegen',
      outro: [
        `Falls Sie sich nicht bei ${vars.organisationName} registriert haben, können Sie diese E-Mail ignorieren: Ohne Passwort kann sich niemand anmelden.`,
      ],
    }),
  },
  invitation: {
    en: (vars) => ({
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
    de: (vars) => ({
      subject: `${vars.inviterName} lädt Sie zu ${vars.channelName} ein`,
      intro: [
        `Hallo ${vars.screenName},`,
        vars.reader
          ? `${vars.inviterName} lädt Sie ein, ${vars.channelName} von ${vars.organisationName} zu lesen.`
          : `${vars.inviterName} lädt Sie ein, Inhalte für ${vars.channelName} von ${vars.organisationName} zu erstellen.`,
        ...(vars.message ? [vars.message] : []),
      ],
      button: 'Einladung annehmen',
      outro: ['Die Einladung gilt 14 Tage.'],
    }),
  },
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const renderMail = <T extends MailTemplate>(
  template: T,
  vars: MailTemplateVars[T],
  locale: Locale,
): RenderedMail => {
  const body = (TEXTS[template][mailLanguage(locale)] as (vars: MailTemplateVars[T]) => Body)(vars);
  const text = [...body.intro, `${body.button}: ${vars.link}`, ...body.outro].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [
    `<!doctype html><html lang="${mailLanguage(locale)}"><body style="font-family:sans-serif;line-height:1.5">`,
    paragraphs(body.intro),
    `<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(body.button)}</a></p>`,
    paragraphs(body.outro),
    '</body></html>',
  ].join('\n');
  return { subject: body.subject, text, html };
};

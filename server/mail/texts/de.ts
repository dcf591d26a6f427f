import type { MailTexts } from './types';

const IGNORE = 'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.';
/** The 'it was not me' of a notice about a way into the account: the reset is the recovery. */
const RECOVER =
  'Falls Sie das nicht waren, fordern Sie mit diesem Link sofort das Zurücksetzen Ihres Passworts an. Sobald Sie über den zugesandten Link ein neues Passwort festlegen, werden alle Sitzungen abgemeldet, und Sie sehen jeden Zugang zu Ihrem Konto (Passkeys, Authenticator-App, Wiederherstellungscodes), um ihn zu behalten oder zu entfernen.';

export const de: MailTexts = {
  reset: (vars) => ({
    subject: 'Passwort zurücksetzen',
    intro: [
      `Hallo ${vars.screenName},`,
      'über diesen Link können Sie ein neues Passwort wählen. Er gilt einmal und eine Stunde lang.',
    ],
    button: 'Neues Passwort festlegen',
    outro: [IGNORE],
  }),
  magic: (vars) => ({
    subject: 'Ihr Anmeldelink',
    intro: [
      `Hallo ${vars.screenName},`,
      'über diesen Link melden Sie sich an. Er gilt einmal und 15 Minuten lang.',
    ],
    button: 'Anmelden',
    outro: [IGNORE],
  }),
  resetInsteadOfMagic: (vars) => ({
    subject: 'Passwort zurücksetzen',
    intro: [
      `Hallo ${vars.screenName},`,
      'Ihr Konto nutzt die Zwei-Faktor-Authentifizierung und kann sich daher nicht allein per Link anmelden.',
      'Wählen Sie über diesen Link ein neues Passwort und melden Sie sich damit und mit Ihrem Code an.',
    ],
    button: 'Neues Passwort festlegen',
    outro: [IGNORE],
  }),
  confirm: (vars) => ({
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    intro: [
      `Hallo ${vars.screenName},`,
      'bitte bestätigen Sie Ihre E-Mail-Adresse. Der Link gilt sieben Tage.',
    ],
    button: 'E-Mail-Adresse bestätigen',
    outro: [IGNORE],
  }),
  companyIdPending: (vars) => ({
    subject: `Ihre Registrierung bei ${vars.organisationName}`,
    intro: [
      `Hallo ${vars.screenName},`,
      `soeben hat jemand versucht, sich mit einer anderen E-Mail-Adresse als Sie bei ${vars.organisationName} zu registrieren. Ihre Registrierung bleibt bei dieser Adresse; nichts wurde geändert.`,
      'Falls Sie das waren, bestätigen Sie diese Adresse über den Link unten. Der Link gilt sieben Tage.',
    ],
    button: 'E-Mail-Adresse bestätigen',
    outro: ['Falls Sie das nicht waren, können Sie diese E-Mail ignorieren: Niemand sonst erhält den Link.'],
  }),
  welcomeSetPassword: (vars) => ({
    subject: `Willkommen bei ${vars.organisationName}: Legen Sie Ihr Passwort fest`,
    intro: [
      `Hallo ${vars.screenName},`,
      `Ihre E-Mail-Adresse ist bestätigt und Ihr Konto bei ${vars.organisationName} ist bereit.`,
      `Sie haben sich mit Ihrer Personalnummer registriert, daher hat Ihr Konto noch kein Passwort. Über diesen Link wählen Sie eines; er gilt einmal und ${vars.days} Tage lang. Danach melden Sie sich mit Ihrer E-Mail-Adresse und diesem Passwort an.`,
    ],
    button: 'Passwort festlegen',
    outro: [
      `Falls Sie sich nicht bei ${vars.organisationName} registriert haben, können Sie diese E-Mail ignorieren: Ohne Passwort kann sich niemand anmelden.`,
    ],
  }),
  invitation: (vars) => ({
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
  emailChangeConfirm: (vars) => ({
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    intro: [
      `Hallo ${vars.screenName},`,
      `bitte bestätigen Sie ${vars.newEmail} als neue E-Mail-Adresse Ihres Kontos. Bis dahin ändert sich nichts. Der Link gilt einmal, einen Tag lang.`,
    ],
    button: 'Neue Adresse bestätigen',
    outro: [IGNORE],
  }),
  emailChanged: (vars) => ({
    subject: 'Ihre E-Mail-Adresse wurde geändert',
    intro: [
      `Hallo ${vars.screenName},`,
      `die E-Mail-Adresse Ihres Kontos wurde am ${vars.when} von ${vars.browser} aus in ${vars.newEmail} geändert. Ab jetzt gehen E-Mails dorthin.`,
    ],
    button: 'Änderung rückgängig machen',
    outro: [
      'Falls Sie das nicht waren, machen Sie die Änderung innerhalb von sieben Tagen mit diesem Link rückgängig: Er stellt diese Adresse wieder her und meldet alle Sitzungen ab. Setzen Sie danach ein neues Passwort.',
    ],
  }),
  passwordChanged: (vars) => ({
    subject: 'Ihr Passwort wurde geändert',
    intro: [
      `Hallo ${vars.screenName},`,
      `das Passwort Ihres Kontos wurde am ${vars.when} von ${vars.browser} aus geändert. Alle anderen Sitzungen wurden abgemeldet.`,
    ],
    button: 'Passwort zurücksetzen',
    outro: [
      'Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort mit diesem Link zurück und prüfen Sie Ihre Sitzungen auf Ihrer Profilseite.',
    ],
  }),
  accountDeleted: (vars) => ({
    subject: 'Ihr Konto wurde gelöscht',
    intro: [
      `Hallo ${vars.screenName},`,
      `Ihr Konto wurde am ${vars.when} von ${vars.browser} aus gelöscht, mit seinen Sitzungen, Bildern und Zwei-Faktor-Daten.`,
    ],
    button: 'Zur Website',
    outro: [
      'Falls Sie das nicht waren, antworten Sie sofort auf diese E-Mail. Sie können sich jederzeit wieder mit dieser Adresse registrieren.',
    ],
  }),
  twoFactorEnabled: (vars) => ({
    subject: vars.again
      ? 'Die Zwei-Faktor-Anmeldung wurde neu eingerichtet'
      : 'Die Zwei-Faktor-Anmeldung wurde eingeschaltet',
    intro: [
      `Hallo ${vars.screenName},`,
      `die Zwei-Faktor-Anmeldung Ihres Kontos wurde am ${vars.when} von ${vars.browser} aus ${vars.again ? 'mit einem neuen Authenticator neu eingerichtet' : 'eingeschaltet'}. Ihre alten Wiederherstellungscodes gelten nicht mehr.`,
    ],
    button: 'Passwort zurücksetzen',
    outro: [RECOVER],
  }),
  recoveryCodesRegenerated: (vars) => ({
    subject: 'Neue Wiederherstellungscodes wurden erstellt',
    intro: [
      `Hallo ${vars.screenName},`,
      `für Ihr Konto wurden am ${vars.when} von ${vars.browser} aus neue Wiederherstellungscodes erstellt. Die alten gelten nicht mehr.`,
    ],
    button: 'Passwort zurücksetzen',
    outro: [RECOVER],
  }),
  newSignIn: (vars) => ({
    subject: 'Anmeldung aus einem neuen Browser',
    intro: [
      `Hallo ${vars.screenName},`,
      `Ihr Konto wurde am ${vars.when} von ${vars.browser} aus angemeldet, einem Browser, der bei diesem Konto noch nicht gesehen wurde.`,
    ],
    button: 'Passwort zurücksetzen',
    outro: [
      'Falls Sie das waren, ist nichts zu tun. Falls nicht, setzen Sie Ihr Passwort sofort mit diesem Link zurück und melden Sie die anderen Sitzungen auf Ihrer Profilseite ab.',
    ],
  }),
  passkeyAdded: (vars) => ({
    subject: 'Ihrem Konto wurde ein Passkey hinzugefügt',
    intro: [
      `Hallo ${vars.screenName},`,
      `Ihrem Konto wurde am ${vars.when} von ${vars.browser} aus ein Passkey hinzugefügt. Wer ihn besitzt, kann sich damit ohne Ihr Passwort anmelden.`,
    ],
    button: 'Passwort zurücksetzen',
    outro: [RECOVER],
  }),
  passkeyRemoved: (vars) => ({
    subject: 'Ein Passkey wurde aus Ihrem Konto entfernt',
    intro: [
      `Hallo ${vars.screenName},`,
      `der Passkey, der Ihrem Konto am ${vars.addedOn} hinzugefügt worden war, wurde am ${vars.when} von ${vars.browser} aus entfernt. Mit ihm ist keine Anmeldung mehr möglich.`,
    ],
    button: 'Passwort zurücksetzen',
    outro: [RECOVER],
  }),
  twoFactorRemoved: (vars) => ({
    subject: 'Die Zwei-Faktor-Anmeldung wurde ausgeschaltet',
    intro: [
      `Hallo ${vars.screenName},`,
      `die Zwei-Faktor-Anmeldung Ihres Kontos wurde bei einer Wiederherstellung am ${vars.when} von ${vars.browser} aus ausgeschaltet: Mit der Authenticator-App und den Wiederherstellungscodes ist keine Anmeldung mehr möglich. Auf Ihrer Kontoseite können Sie sie wieder einschalten.`,
    ],
    button: 'Passwort zurücksetzen',
    outro: [RECOVER],
  }),
};

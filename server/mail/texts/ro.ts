import type { MailTexts } from './types';

const IGNORE = 'Dacă nu ați cerut acest lucru, puteți ignora acest e-mail.';
/** The 'it was not me' of a notice about a way into the account: the reset is the recovery. */
const RECOVER =
  'Dacă nu ați fost dumneavoastră, cereți imediat resetarea parolei cu acest link. Când setați o parolă nouă cu linkul primit, toate sesiunile se închid, apoi vedeți fiecare cale de acces în cont (chei de acces, aplicația de autentificare, coduri de recuperare), ca să o păstrați sau să o eliminați.';
const days = (n: number) =>
  n === 1 ? '1 zi' : n % 100 >= 20 || n % 100 === 0 ? `${n} de zile` : `${n} zile`;

export const ro: MailTexts = {
  reset: (vars) => ({
    subject: 'Resetați parola',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      'folosiți acest link pentru a alege o parolă nouă. Funcționează o singură dată, timp de o oră.',
    ],
    button: 'Setați o parolă nouă',
    outro: [IGNORE],
  }),
  magic: (vars) => ({
    subject: 'Linkul dumneavoastră de conectare',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      'folosiți acest link pentru a vă conecta. Funcționează o singură dată, timp de 15 minute.',
    ],
    button: 'Conectare',
    outro: [IGNORE],
  }),
  resetInsteadOfMagic: (vars) => ({
    subject: 'Resetați parola',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      'contul dumneavoastră folosește autentificarea în doi pași, deci nu se poate conecta doar cu un link.',
      'Folosiți acest link pentru a alege o parolă nouă, apoi conectați-vă cu ea și cu codul din aplicația de autentificare.',
    ],
    button: 'Setați o parolă nouă',
    outro: [IGNORE],
  }),
  confirm: (vars) => ({
    subject: 'Vă rugăm să confirmați adresa de e-mail',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      'vă rugăm să confirmați adresa de e-mail. Linkul funcționează timp de șapte zile.',
    ],
    button: 'Confirmați adresa de e-mail',
    outro: [IGNORE],
  }),
  companyIdPending: (vars) => ({
    subject: `Înregistrarea dumneavoastră la ${vars.organisationName}`,
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `cineva tocmai a încercat să se înregistreze în numele dumneavoastră la ${vars.organisationName}, cu o altă adresă de e-mail. Înregistrarea dumneavoastră rămâne la această adresă; nu s-a schimbat nimic.`,
      'Dacă ați fost dumneavoastră, confirmați această adresă cu linkul de mai jos. Linkul funcționează timp de șapte zile.',
    ],
    button: 'Confirmați adresa de e-mail',
    outro: [
      'Dacă nu ați fost dumneavoastră, puteți ignora acest e-mail: nimeni altcineva nu primește linkul.',
    ],
  }),
  welcomeSetPassword: (vars) => ({
    subject: `Bun venit la ${vars.organisationName}: setați-vă parola`,
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `adresa dumneavoastră de e-mail este confirmată, iar contul dumneavoastră ${vars.organisationName} este gata.`,
      `V-ați înregistrat cu ID-ul de companie, deci contul dumneavoastră nu are încă o parolă. Folosiți acest link pentru a alege una; funcționează o singură dată, timp de ${days(vars.days)}. Apoi conectați-vă cu adresa de e-mail și această parolă.`,
    ],
    button: 'Setați parola',
    outro: [
      `Dacă nu v-ați înregistrat la ${vars.organisationName}, puteți ignora acest e-mail: fără parolă nimeni nu se poate conecta.`,
    ],
  }),
  invitation: (vars) => ({
    subject: `${vars.inviterName} vă invită la ${vars.channelName}`,
    intro: [
      `Bună ziua, ${vars.screenName},`,
      vars.reader
        ? `${vars.inviterName} vă invită să citiți ${vars.channelName} de la ${vars.organisationName}.`
        : `${vars.inviterName} vă invită să creați conținut pentru ${vars.channelName} de la ${vars.organisationName}.`,
      ...(vars.message ? [vars.message] : []),
    ],
    button: 'Acceptați invitația',
    outro: ['Invitația este valabilă 14 zile.'],
  }),
  emailChangeConfirm: (vars) => ({
    subject: 'Confirmați noua adresă de e-mail',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `vă rugăm să confirmați ${vars.newEmail} ca noua adresă de e-mail a contului. Până atunci nu se schimbă nimic. Linkul funcționează o dată, timp de o zi.`,
    ],
    button: 'Confirmați noua adresă',
    outro: [IGNORE],
  }),
  emailChanged: (vars) => ({
    subject: 'Adresa de e-mail a fost schimbată',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `adresa de e-mail a contului a fost schimbată în ${vars.newEmail} la ${vars.when} din ${vars.browser}. De acum, e-mailurile ajung acolo.`,
    ],
    button: 'Anulați schimbarea',
    outro: [
      'Dacă nu ați fost dumneavoastră, anulați schimbarea cu acest link în cel mult șapte zile: restabilește această adresă și închide toate sesiunile. Apoi alegeți o parolă nouă.',
    ],
  }),
  passwordChanged: (vars) => ({
    subject: 'Parola a fost schimbată',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `parola contului a fost schimbată la ${vars.when} din ${vars.browser}. Toate celelalte sesiuni au fost închise.`,
    ],
    button: 'Resetați parola',
    outro: [
      'Dacă nu ați fost dumneavoastră, resetați imediat parola cu acest link și verificați sesiunile pe pagina de profil.',
    ],
  }),
  accountDeleted: (vars) => ({
    subject: 'Contul a fost șters',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `contul dumneavoastră a fost șters la ${vars.when} din ${vars.browser}, împreună cu sesiunile, imaginile și datele de autentificare în doi pași.`,
    ],
    button: 'Mergeți la site',
    outro: [
      'Dacă nu ați fost dumneavoastră, răspundeți imediat la acest e-mail. Vă puteți înregistra din nou cu această adresă oricând.',
    ],
  }),
  twoFactorEnabled: (vars) => ({
    subject: vars.again
      ? 'Autentificarea în doi pași a fost configurată din nou'
      : 'Autentificarea în doi pași a fost activată',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `autentificarea în doi pași a contului a fost ${vars.again ? 'configurată din nou cu un autentificator nou' : 'activată'} la ${vars.when} din ${vars.browser}. Codurile de recuperare vechi nu mai sunt valabile.`,
    ],
    button: 'Resetați parola',
    outro: [RECOVER],
  }),
  recoveryCodesRegenerated: (vars) => ({
    subject: 'Au fost create coduri de recuperare noi',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `au fost create coduri de recuperare noi pentru cont la ${vars.when} din ${vars.browser}. Cele vechi nu mai sunt valabile.`,
    ],
    button: 'Resetați parola',
    outro: [RECOVER],
  }),
  newSignIn: (vars) => ({
    subject: 'Autentificare dintr-un browser nou',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `contul a fost accesat la ${vars.when} din ${vars.browser}, un browser nefolosit până acum cu acest cont.`,
    ],
    button: 'Resetați parola',
    outro: [
      'Dacă ați fost dumneavoastră, nu trebuie făcut nimic. Dacă nu, resetați imediat parola cu acest link și închideți celelalte sesiuni pe pagina de profil.',
    ],
  }),
  passkeyAdded: (vars) => ({
    subject: 'A fost adăugată o cheie de acces la cont',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `a fost adăugată o cheie de acces la cont la ${vars.when} din ${vars.browser}. Oricine o deține se poate autentifica cu ea, fără parolă.`,
    ],
    button: 'Resetați parola',
    outro: [RECOVER],
  }),
  passkeyRemoved: (vars) => ({
    subject: 'A fost eliminată o cheie de acces din cont',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `cheia de acces adăugată la cont la ${vars.addedOn} a fost eliminată la ${vars.when} din ${vars.browser}. Nu mai poate fi folosită pentru autentificare.`,
    ],
    button: 'Resetați parola',
    outro: [RECOVER],
  }),
  twoFactorRemoved: (vars) => ({
    subject: 'Autentificarea în doi pași a fost dezactivată',
    intro: [
      `Bună ziua, ${vars.screenName},`,
      `autentificarea în doi pași a contului a fost dezactivată în timpul unei recuperări la ${vars.when} din ${vars.browser}: aplicația de autentificare și codurile de recuperare nu mai pot fi folosite pentru autentificare. O puteți activa din nou pe pagina contului.`,
    ],
    button: 'Resetați parola',
    outro: [RECOVER],
  }),
};

import type { MailTexts } from './types';

const IGNORE = 'Jeśli to nie Ty, możesz zignorować tę wiadomość.';
/** The 'it was not me' of a notice about a way into the account: the reset is the recovery. */
const RECOVER =
  'Jeśli to nie Ty, natychmiast poproś tym linkiem o zresetowanie hasła. Gdy ustawisz nowe hasło linkiem z wiadomości, wszystkie sesje zostaną wylogowane, a potem zobaczysz każdy sposób wejścia na Twoje konto (klucze dostępu, aplikację uwierzytelniającą, kody zapasowe), aby każdy zachować albo usunąć.';
const days = (n: number) => `${n} ${n === 1 ? 'dzień' : 'dni'}`;

export const pl: MailTexts = {
  reset: (vars) => ({
    subject: 'Zresetuj hasło',
    intro: [
      `Cześć ${vars.screenName},`,
      'użyj tego linku, aby wybrać nowe hasło. Działa jeden raz, przez godzinę.',
    ],
    button: 'Ustaw nowe hasło',
    outro: [IGNORE],
  }),
  magic: (vars) => ({
    subject: 'Twój link do logowania',
    intro: [
      `Cześć ${vars.screenName},`,
      'użyj tego linku, aby się zalogować. Działa jeden raz, przez 15 minut.',
    ],
    button: 'Zaloguj się',
    outro: [IGNORE],
  }),
  resetInsteadOfMagic: (vars) => ({
    subject: 'Zresetuj hasło',
    intro: [
      `Cześć ${vars.screenName},`,
      'Twoje konto korzysta z uwierzytelniania dwuskładnikowego, więc nie można się zalogować samym linkiem.',
      'Użyj tego linku, aby wybrać nowe hasło, a potem zaloguj się nim i kodem z aplikacji uwierzytelniającej.',
    ],
    button: 'Ustaw nowe hasło',
    outro: [IGNORE],
  }),
  confirm: (vars) => ({
    subject: 'Potwierdź swój adres e-mail',
    intro: [`Cześć ${vars.screenName},`, 'potwierdź swój adres e-mail. Link działa przez siedem dni.'],
    button: 'Potwierdź adres e-mail',
    outro: [IGNORE],
  }),
  companyIdPending: (vars) => ({
    subject: `Twoja rejestracja w ${vars.organisationName}`,
    intro: [
      `Cześć ${vars.screenName},`,
      `ktoś właśnie próbował zarejestrować się jako Ty w ${vars.organisationName}, podając inny adres e-mail. Twoja rejestracja pozostaje przy tym adresie; nic nie zostało zmienione.`,
      'Jeśli to Ty, potwierdź ten adres linkiem poniżej. Link działa przez siedem dni.',
    ],
    button: 'Potwierdź adres e-mail',
    outro: ['Jeśli to nie Ty, możesz zignorować tę wiadomość: nikt inny nie otrzymuje linku.'],
  }),
  welcomeSetPassword: (vars) => ({
    subject: `Witaj w ${vars.organisationName}: ustaw hasło`,
    intro: [
      `Cześć ${vars.screenName},`,
      `Twój adres e-mail jest potwierdzony, a konto w ${vars.organisationName} jest gotowe.`,
      `Zarejestrowałeś się identyfikatorem firmowym, więc Twoje konto nie ma jeszcze hasła. Użyj tego linku, aby je wybrać; działa jeden raz, przez ${days(vars.days)}. Potem zaloguj się adresem e-mail i tym hasłem.`,
    ],
    button: 'Ustaw hasło',
    outro: [
      `Jeśli nie rejestrowałeś się w ${vars.organisationName}, możesz zignorować tę wiadomość: bez hasła nikt się nie zaloguje.`,
    ],
  }),
  invitation: (vars) => ({
    subject: `${vars.inviterName} zaprasza Cię do ${vars.channelName}`,
    intro: [
      `Cześć ${vars.screenName},`,
      vars.reader
        ? `${vars.inviterName} zaprasza Cię do czytania ${vars.channelName} (${vars.organisationName}).`
        : `${vars.inviterName} zaprasza Cię do tworzenia treści dla ${vars.channelName} (${vars.organisationName}).`,
      ...(vars.message ? [vars.message] : []),
    ],
    button: 'Przyjmij zaproszenie',
    outro: ['Zaproszenie jest ważne przez 14 dni.'],
  }),
  emailChangeConfirm: (vars) => ({
    subject: 'Potwierdź nowy adres e-mail',
    intro: [
      `Witaj ${vars.screenName},`,
      `potwierdź ${vars.newEmail} jako nowy adres e-mail swojego konta. Do tego czasu nic się nie zmienia. Link działa raz, przez jeden dzień.`,
    ],
    button: 'Potwierdź nowy adres',
    outro: [IGNORE],
  }),
  emailChanged: (vars) => ({
    subject: 'Twój adres e-mail został zmieniony',
    intro: [
      `Witaj ${vars.screenName},`,
      `adres e-mail Twojego konta został zmieniony na ${vars.newEmail} dnia ${vars.when} z ${vars.browser}. Od teraz wiadomości trafiają tam.`,
    ],
    button: 'Cofnij zmianę',
    outro: [
      'Jeśli to nie Ty, cofnij zmianę tym linkiem w ciągu siedmiu dni: przywróci ten adres i wyloguje wszystkie sesje. Potem ustaw nowe hasło.',
    ],
  }),
  passwordChanged: (vars) => ({
    subject: 'Twoje hasło zostało zmienione',
    intro: [
      `Witaj ${vars.screenName},`,
      `hasło Twojego konta zostało zmienione dnia ${vars.when} z ${vars.browser}. Wszystkie inne sesje zostały wylogowane.`,
    ],
    button: 'Zresetuj hasło',
    outro: [
      'Jeśli to nie Ty, natychmiast zresetuj hasło tym linkiem i sprawdź swoje sesje na stronie profilu.',
    ],
  }),
  accountDeleted: (vars) => ({
    subject: 'Twoje konto zostało usunięte',
    intro: [
      `Witaj ${vars.screenName},`,
      `Twoje konto zostało usunięte dnia ${vars.when} z ${vars.browser}, razem z sesjami, obrazami i danymi uwierzytelniania dwuskładnikowego.`,
    ],
    button: 'Przejdź do serwisu',
    outro: [
      'Jeśli to nie Ty, natychmiast odpowiedz na tę wiadomość. Możesz w każdej chwili zarejestrować się ponownie tym adresem.',
    ],
  }),
  twoFactorEnabled: (vars) => ({
    subject: vars.again
      ? 'Uwierzytelnianie dwuskładnikowe zostało skonfigurowane ponownie'
      : 'Uwierzytelnianie dwuskładnikowe zostało włączone',
    intro: [
      `Witaj ${vars.screenName},`,
      `uwierzytelnianie dwuskładnikowe Twojego konta zostało ${vars.again ? 'skonfigurowane ponownie z nowym uwierzytelniaczem' : 'włączone'} dnia ${vars.when} z ${vars.browser}. Stare kody zapasowe już nie działają.`,
    ],
    button: 'Zresetuj hasło',
    outro: [RECOVER],
  }),
  recoveryCodesRegenerated: (vars) => ({
    subject: 'Utworzono nowe kody zapasowe',
    intro: [
      `Witaj ${vars.screenName},`,
      `dnia ${vars.when} z ${vars.browser} utworzono nowe kody zapasowe dla Twojego konta. Stare już nie działają.`,
    ],
    button: 'Zresetuj hasło',
    outro: [RECOVER],
  }),
  newSignIn: (vars) => ({
    subject: 'Logowanie z nowej przeglądarki',
    intro: [
      `Witaj ${vars.screenName},`,
      `dnia ${vars.when} zalogowano się na Twoje konto z ${vars.browser}, przeglądarki wcześniej niewidzianej na tym koncie.`,
    ],
    button: 'Zresetuj hasło',
    outro: [
      'Jeśli to Ty, nic nie musisz robić. Jeśli nie, natychmiast zresetuj hasło tym linkiem i wyloguj pozostałe sesje na stronie profilu.',
    ],
  }),
  passkeyAdded: (vars) => ({
    subject: 'Do Twojego konta dodano klucz dostępu',
    intro: [
      `Witaj ${vars.screenName},`,
      `dnia ${vars.when} z ${vars.browser} dodano klucz dostępu do Twojego konta. Kto go ma, może się nim zalogować bez Twojego hasła.`,
    ],
    button: 'Zresetuj hasło',
    outro: [RECOVER],
  }),
  passkeyRemoved: (vars) => ({
    subject: 'Z Twojego konta usunięto klucz dostępu',
    intro: [
      `Witaj ${vars.screenName},`,
      `klucz dostępu dodany do Twojego konta dnia ${vars.addedOn} został usunięty dnia ${vars.when} z ${vars.browser}. Nie można się już nim zalogować.`,
    ],
    button: 'Zresetuj hasło',
    outro: [RECOVER],
  }),
  twoFactorRemoved: (vars) => ({
    subject: 'Uwierzytelnianie dwuskładnikowe zostało wyłączone',
    intro: [
      `Witaj ${vars.screenName},`,
      `uwierzytelnianie dwuskładnikowe Twojego konta zostało wyłączone podczas odzyskiwania dnia ${vars.when} z ${vars.browser}: aplikacją uwierzytelniającą i kodami zapasowymi nie można się już zalogować. Możesz je ponownie włączyć na stronie swojego konta.`,
    ],
    button: 'Zresetuj hasło',
    outro: [RECOVER],
  }),
};

import type { MailTexts } from './types';

const IGNORE = 'Если вы этого не запрашивали, просто проигнорируйте это письмо.';
/** After 'в течение' the genitive: 1 дня, 2 дней, 7 дней. */
const days = (n: number) => `${n} ${new Intl.PluralRules('ru').select(n) === 'one' ? 'дня' : 'дней'}`;

export const ru: MailTexts = {
  reset: (vars) => ({
    subject: 'Сброс пароля',
    intro: [
      `Здравствуйте, ${vars.screenName}!`,
      'По этой ссылке вы можете выбрать новый пароль. Она действует один раз в течение часа.',
    ],
    button: 'Задать новый пароль',
    outro: [IGNORE],
  }),
  magic: (vars) => ({
    subject: 'Ваша ссылка для входа',
    intro: [
      `Здравствуйте, ${vars.screenName}!`,
      'По этой ссылке вы войдёте в аккаунт. Она действует один раз в течение 15 минут.',
    ],
    button: 'Войти',
    outro: [IGNORE],
  }),
  resetInsteadOfMagic: (vars) => ({
    subject: 'Сброс пароля',
    intro: [
      `Здравствуйте, ${vars.screenName}!`,
      'В вашем аккаунте включена двухфакторная аутентификация, поэтому войти только по ссылке нельзя.',
      'Выберите по этой ссылке новый пароль, затем войдите с ним и кодом из приложения-аутентификатора.',
    ],
    button: 'Задать новый пароль',
    outro: [IGNORE],
  }),
  confirm: (vars) => ({
    subject: 'Подтвердите адрес электронной почты',
    intro: [
      `Здравствуйте, ${vars.screenName}!`,
      'Пожалуйста, подтвердите адрес электронной почты. Ссылка действует семь дней.',
    ],
    button: 'Подтвердить адрес',
    outro: [IGNORE],
  }),
  welcomeSetPassword: (vars) => ({
    subject: `Добро пожаловать в ${vars.organisationName}: задайте пароль`,
    intro: [
      `Здравствуйте, ${vars.screenName}!`,
      `Ваш адрес электронной почты подтверждён, аккаунт в ${vars.organisationName} готов.`,
      `Вы зарегистрировались по корпоративному ID, поэтому у аккаунта ещё нет пароля. Выберите его по этой ссылке; она действует один раз в течение ${days(vars.days)}. Затем войдите с вашим адресом электронной почты и этим паролем.`,
    ],
    button: 'Задать пароль',
    outro: [
      `Если вы не регистрировались в ${vars.organisationName}, проигнорируйте это письмо: без пароля никто не сможет войти.`,
    ],
  }),
  invitation: (vars) => ({
    subject: `${vars.inviterName} приглашает вас в ${vars.channelName}`,
    intro: [
      `Здравствуйте, ${vars.screenName}!`,
      vars.reader
        ? `${vars.inviterName} приглашает вас читать ${vars.channelName} (${vars.organisationName}).`
        : `${vars.inviterName} приглашает вас создавать материалы для ${vars.channelName} (${vars.organisationName}).`,
      ...(vars.message ? [vars.message] : []),
    ],
    button: 'Принять приглашение',
    outro: ['Приглашение действует 14 дней.'],
  }),
};

import type { MailTexts } from './types';

const IGNORE = 'Si no lo has solicitado, puedes ignorar este correo.';
/** The 'it was not me' of a notice about a way into the account: the reset is the recovery. */
const RECOVER =
  'Si no fuiste tú, pide de inmediato el restablecimiento de tu contraseña con este enlace. Al elegir una contraseña nueva con el enlace que recibirás, se cierran todas las sesiones y verás cada forma de entrar en tu cuenta (llaves de acceso, aplicación de autenticación, códigos de recuperación) para conservarla o quitarla.';
const days = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;

export const es: MailTexts = {
  reset: (vars) => ({
    subject: 'Restablece tu contraseña',
    intro: [
      `Hola, ${vars.screenName}:`,
      'usa este enlace para elegir una contraseña nueva. Funciona una sola vez, durante una hora.',
    ],
    button: 'Establecer una contraseña nueva',
    outro: [IGNORE],
  }),
  magic: (vars) => ({
    subject: 'Tu enlace de inicio de sesión',
    intro: [
      `Hola, ${vars.screenName}:`,
      'usa este enlace para iniciar sesión. Funciona una sola vez, durante 15 minutos.',
    ],
    button: 'Iniciar sesión',
    outro: [IGNORE],
  }),
  resetInsteadOfMagic: (vars) => ({
    subject: 'Restablece tu contraseña',
    intro: [
      `Hola, ${vars.screenName}:`,
      'tu cuenta usa la autenticación en dos pasos, así que no puede iniciar sesión solo con un enlace.',
      'Usa este enlace para elegir una contraseña nueva y luego inicia sesión con ella y el código de tu aplicación de autenticación.',
    ],
    button: 'Establecer una contraseña nueva',
    outro: [IGNORE],
  }),
  confirm: (vars) => ({
    subject: 'Confirma tu dirección de correo electrónico',
    intro: [
      `Hola, ${vars.screenName}:`,
      'confirma tu dirección de correo electrónico. El enlace funciona durante siete días.',
    ],
    button: 'Confirmar la dirección de correo',
    outro: [IGNORE],
  }),
  companyIdPending: (vars) => ({
    subject: `Tu registro en ${vars.organisationName}`,
    intro: [
      `Hola, ${vars.screenName}:`,
      `alguien acaba de intentar registrarse como tú en ${vars.organisationName} con otra dirección de correo. Tu registro sigue con esta dirección; no se ha cambiado nada.`,
      'Si fuiste tú, confirma esta dirección con el enlace de abajo. El enlace funciona durante siete días.',
    ],
    button: 'Confirmar la dirección de correo',
    outro: ['Si no fuiste tú, puedes ignorar este correo: nadie más recibe el enlace.'],
  }),
  welcomeSetPassword: (vars) => ({
    subject: `Bienvenido a ${vars.organisationName}: establece tu contraseña`,
    intro: [
      `Hola, ${vars.screenName}:`,
      `tu dirección de correo está confirmada y tu cuenta de ${vars.organisationName} está lista.`,
      `Te registraste con tu ID de empresa, así que tu cuenta aún no tiene contraseña. Usa este enlace para elegir una; funciona una sola vez, durante ${days(vars.days)}. Después inicia sesión con tu dirección de correo y esa contraseña.`,
    ],
    button: 'Establecer tu contraseña',
    outro: [
      `Si no te registraste en ${vars.organisationName}, puedes ignorar este correo: sin contraseña nadie puede iniciar sesión.`,
    ],
  }),
  invitation: (vars) => ({
    subject: `${vars.inviterName} te invita a ${vars.channelName}`,
    intro: [
      `Hola, ${vars.screenName}:`,
      vars.reader
        ? `${vars.inviterName} te invita a leer ${vars.channelName} de ${vars.organisationName}.`
        : `${vars.inviterName} te invita a crear contenido para ${vars.channelName} de ${vars.organisationName}.`,
      ...(vars.message ? [vars.message] : []),
    ],
    button: 'Aceptar la invitación',
    outro: ['La invitación es válida durante 14 días.'],
  }),
  emailChangeConfirm: (vars) => ({
    subject: 'Confirma tu nueva dirección de correo',
    intro: [
      `Hola ${vars.screenName},`,
      `confirma ${vars.newEmail} como la nueva dirección de correo de tu cuenta. Hasta entonces no cambia nada. El enlace sirve una vez, durante un día.`,
    ],
    button: 'Confirmar la nueva dirección',
    outro: [IGNORE],
  }),
  emailChanged: (vars) => ({
    subject: 'Se ha cambiado tu dirección de correo',
    intro: [
      `Hola ${vars.screenName},`,
      `la dirección de correo de tu cuenta se cambió a ${vars.newEmail} el ${vars.when} desde ${vars.browser}. A partir de ahora, los correos irán allí.`,
    ],
    button: 'Deshacer el cambio',
    outro: [
      'Si no fuiste tú, deshaz el cambio con este enlace en los próximos siete días: restaura esta dirección y cierra todas las sesiones. Después elige una contraseña nueva.',
    ],
  }),
  passwordChanged: (vars) => ({
    subject: 'Se ha cambiado tu contraseña',
    intro: [
      `Hola ${vars.screenName},`,
      `la contraseña de tu cuenta se cambió el ${vars.when} desde ${vars.browser}. Se cerraron todas las demás sesiones.`,
    ],
    button: 'Restablecer la contraseña',
    outro: [
      'Si no fuiste tú, restablece tu contraseña con este enlace de inmediato y revisa tus sesiones en tu página de perfil.',
    ],
  }),
  accountDeleted: (vars) => ({
    subject: 'Se ha eliminado tu cuenta',
    intro: [
      `Hola ${vars.screenName},`,
      `tu cuenta se eliminó el ${vars.when} desde ${vars.browser}, con sus sesiones, imágenes y datos de doble factor.`,
    ],
    button: 'Ir al sitio',
    outro: [
      'Si no fuiste tú, responde a este correo de inmediato. Puedes volver a registrarte con esta dirección cuando quieras.',
    ],
  }),
  twoFactorEnabled: (vars) => ({
    subject: vars.again
      ? 'Se ha vuelto a configurar la autenticación de doble factor'
      : 'Se ha activado la autenticación de doble factor',
    intro: [
      `Hola ${vars.screenName},`,
      `la autenticación de doble factor de tu cuenta se ${vars.again ? 'volvió a configurar con un nuevo autenticador' : 'activó'} el ${vars.when} desde ${vars.browser}. Tus códigos de recuperación anteriores ya no sirven.`,
    ],
    button: 'Restablecer la contraseña',
    outro: [RECOVER],
  }),
  recoveryCodesRegenerated: (vars) => ({
    subject: 'Se han creado nuevos códigos de recuperación',
    intro: [
      `Hola ${vars.screenName},`,
      `se crearon nuevos códigos de recuperación para tu cuenta el ${vars.when} desde ${vars.browser}. Los anteriores ya no sirven.`,
    ],
    button: 'Restablecer la contraseña',
    outro: [RECOVER],
  }),
  newSignIn: (vars) => ({
    subject: 'Inicio de sesión desde un navegador nuevo',
    intro: [
      `Hola ${vars.screenName},`,
      `se inició sesión en tu cuenta el ${vars.when} desde ${vars.browser}, un navegador que esta cuenta no había usado antes.`,
    ],
    button: 'Restablecer la contraseña',
    outro: [
      'Si fuiste tú, no tienes que hacer nada. Si no, restablece tu contraseña con este enlace de inmediato y cierra las demás sesiones en tu página de perfil.',
    ],
  }),
  passkeyAdded: (vars) => ({
    subject: 'Se ha añadido una llave de acceso a tu cuenta',
    intro: [
      `Hola ${vars.screenName},`,
      `se añadió una llave de acceso a tu cuenta el ${vars.when} desde ${vars.browser}. Quien la tenga puede iniciar sesión con ella, sin tu contraseña.`,
    ],
    button: 'Restablecer la contraseña',
    outro: [RECOVER],
  }),
  passkeyRemoved: (vars) => ({
    subject: 'Se ha quitado una llave de acceso de tu cuenta',
    intro: [
      `Hola ${vars.screenName},`,
      `la llave de acceso añadida a tu cuenta el ${vars.addedOn} se quitó el ${vars.when} desde ${vars.browser}. Ya no sirve para iniciar sesión.`,
    ],
    button: 'Restablecer la contraseña',
    outro: [RECOVER],
  }),
  twoFactorRemoved: (vars) => ({
    subject: 'Se ha desactivado la autenticación de doble factor',
    intro: [
      `Hola ${vars.screenName},`,
      `la autenticación de doble factor de tu cuenta se desactivó durante una recuperación el ${vars.when} desde ${vars.browser}: la aplicación de autenticación y los códigos de recuperación ya no sirven para iniciar sesión. Puedes volver a activarla en la página de tu cuenta.`,
    ],
    button: 'Restablecer la contraseña',
    outro: [RECOVER],
  }),
};

/**
 * Where each flow runs on the site: the router paths whose pages create its machine (routes/*Routes.tsx). /flows
 * lists them and finds a flow by address ('which flow is /start?'); routes/flowsRoutes.test.tsx holds every path
 * here to the router's own list (api/contract/sitePaths.ts). A new machine adds its line (TypeScript asks for it).
 */
import type { MachineName } from '../../machines/registry';

/** The language machine runs on every page. */
export const EVERY_PAGE = '*';

export const flowAddresses: Readonly<Record<MachineName, readonly string[]>> = {
  language: [EVERY_PAGE],
  twoFactorSetup: ['/login', '/register', '/me'],
  login: ['/login'],
  confirmEmail: ['/confirm'],
  magicLink: ['/me'],
  forgotPassword: [
    '/forgot_password',
    '/forgot_password_magic',
    '/auth/forgot_password/nobrand',
    '/auth/forgot_password_magic/nobrand',
  ],
  setPassword: ['/forgot_password_set'],
  idpSuccess: ['/auth/azure/success', '/auth/okta/success'],
  lists: ['/me'],
  resend: ['/forgot_password', '/forgot_password_magic', '/start', '/lit', '/unicef', '/me'],
  curatorSignUp: ['/register'],
  invitationSignUp: ['/register'],
  startByCompanyId: ['/start'],
  companyStart: ['/lit', '/unicef'],
  organisationBrand: ['/register', '/lit', '/unicef'],
  createEntry: ['/me'],
  profileEdit: ['/me'],
  avatarUpload: ['/me'],
  twoFactorPanel: ['/me'],
  stepUp: ['/me'],
  changePassword: ['/me'],
  changeEmail: ['/me'],
  deleteAccount: ['/me'],
  passkeySignIn: ['/login'],
  passkeys: ['/me'],
  addPasskey: ['/me'],
  sessions: ['/me'],
  rememberedDevices: ['/me'],
  securityActivity: ['/me'],
  accountExport: ['/me'],
  emailChangeLink: ['/confirm_email_change', '/undo_email_change'],
  recoveryReview: ['/forgot_password_set'],
};

/** The flows that run at an address: '/start', 'start', '/start?x=1' and 'https://host/start' find the same. */
export function flowsAt(query: string): MachineName[] {
  const text = query.trim().toLowerCase();
  if (!text) return Object.keys(flowAddresses) as MachineName[];
  let path = text.replace(/^[a-z]+:\/\/[^/]+/, '').replace(/[?#].*$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return (Object.keys(flowAddresses) as MachineName[]).filter((name) =>
    flowAddresses[name].some(
      (address) =>
        address === EVERY_PAGE ||
        address === path ||
        address.startsWith(`${path}/`) ||
        (path.length > 1 && address.includes(path)),
    ),
  );
}

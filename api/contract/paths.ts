/**
 * Method and path of every call, relative to the API base (spec 7: the current host in production, the
 * organisation path in development; api/client.ts adds it). Keys are the names of the functions in api/<area>.ts,
 * so a call name means the same thing in the client, the fake service, the server and error handling.
 *
 * Paths marked "ours" are not shown in the spec (docs/decisions/product.md: Paths the spec does not show). `:id` segments use
 * the router syntax Hono and MSW share; fill them with `apiPath`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const API_PATHS = {
  // auth
  login: { method: 'POST', path: '/api/login' },
  /** Ours: ends the session (clears the session cookie). */
  logout: { method: 'POST', path: '/api/logout' },
  forgotPassword: { method: 'POST', path: '/api/forgot_password' },
  checkResetToken: { method: 'GET', path: '/api/forgot_password_set' },
  setNewPassword: { method: 'POST', path: '/api/forgot_password_set' },
  /** Ours: exchanges a magic-link token {token} for a session; answers like login. */
  exchangeMagicLink: { method: 'POST', path: '/api/magic_link' },
  getTwoFactorSecret: { method: 'GET', path: '/api/me/2fa' },
  enableTwoFactor: { method: 'POST', path: '/api/me/2fa' },
  /** Ours: how many unused recovery codes remain ({remaining}). */
  getRecoveryCodeCount: { method: 'GET', path: '/api/me/2fa/recovery_codes' },
  /** Ours: replaces every recovery code; answers the new codes ({recoveryCodes}). */
  regenerateRecoveryCodes: { method: 'POST', path: '/api/me/2fa/recovery_codes' },
  // profile
  getMe: { method: 'GET', path: '/api/me' },
  saveProfile: { method: 'PUT', path: '/api/me' },
  /** Ours: sends the e-mail confirmation mail again to the signed-in, still unconfirmed user (spec 2 Me page banner). */
  resendConfirmation: { method: 'POST', path: '/api/me/confirmation' },
  // account-security centre (ours: docs/decisions/security.md: Account-security centre)
  stepUp: { method: 'POST', path: '/api/me/step_up' },
  changePassword: { method: 'POST', path: '/api/me/password' },
  changeEmail: { method: 'POST', path: '/api/me/email' },
  /** POST, as magic links are: a mail scanner that opens the link cannot use it up. */
  confirmEmailChange: { method: 'POST', path: '/api/me/email/confirm' },
  undoEmailChange: { method: 'POST', path: '/api/me/email/undo' },
  getSessions: { method: 'GET', path: '/api/me/sessions' },
  endSession: { method: 'DELETE', path: '/api/me/sessions/:id' },
  endOtherSessions: { method: 'DELETE', path: '/api/me/sessions' },
  getRememberedDevices: { method: 'GET', path: '/api/me/remembered-devices' },
  forgetRememberedDevice: { method: 'DELETE', path: '/api/me/remembered-devices/:id' },
  deleteAccount: { method: 'DELETE', path: '/api/me' },
  /** Ours: the account's sign-ins and security changes of the last 90 days, ?page=N (docs/decisions/security.md: Security activity). */
  getSecurityActivity: { method: 'GET', path: '/api/me/security-activity' },
  /** Ours: the account's data to take away, as a JSON download, behind a step-up (docs/decisions/security.md: Your data to take away). */
  exportAccountData: { method: 'POST', path: '/api/me/export' },
  // passkeys (ours: docs/decisions/security.md: Passkeys)
  passkeyRegistrationOptions: { method: 'POST', path: '/api/me/passkeys/options' },
  addPasskey: { method: 'POST', path: '/api/me/passkeys' },
  getPasskeys: { method: 'GET', path: '/api/me/passkeys' },
  renamePasskey: { method: 'PUT', path: '/api/me/passkeys/:id' },
  removePasskey: { method: 'DELETE', path: '/api/me/passkeys/:id' },
  passkeyLoginOptions: { method: 'POST', path: '/api/login/passkey/options' },
  passkeyLogin: { method: 'POST', path: '/api/login/passkey' },
  /** The step-up by passkey: this user's passkeys only, bound to this session. */
  passkeyStepUpOptions: { method: 'POST', path: '/api/me/step_up/passkey/options' },
  passkeyStepUp: { method: 'POST', path: '/api/me/step_up/passkey' },
  // the recovery review (ours: docs/decisions/security.md: Recovery review); the token in the body, reads too
  getRecoveryReview: { method: 'POST', path: '/api/recovery_review' },
  keepRecoveryPasskey: { method: 'POST', path: '/api/recovery_review/passkeys/keep' },
  removeRecoveryPasskey: { method: 'POST', path: '/api/recovery_review/passkeys/remove' },
  removeRecoveryAuthenticator: { method: 'POST', path: '/api/recovery_review/two_factor/remove' },
  finishRecoveryReview: { method: 'POST', path: '/api/recovery_review/finish' },
  // lists
  getChannels: { method: 'GET', path: '/api/channels' },
  createChannel: { method: 'POST', path: '/api/channels' },
  getOrganisations: { method: 'GET', path: '/api/organisations' },
  createOrganisation: { method: 'POST', path: '/api/organisations' },
  // registration
  checkInvite: { method: 'GET', path: '/api/register' },
  registerCurator: { method: 'POST', path: '/api/register' },
  registerInvite: { method: 'POST', path: '/api/register' },
  checkCompanyId: { method: 'POST', path: '/api/confirm/user_company_id' },
  /** Ours: company pages step 1 {organisationSubdomain, userCompanyId, userLastName}. */
  checkCompanyPage: { method: 'POST', path: '/api/company/check' },
  /** Ours: company pages step 2, the same plus email; sends the confirmation mail. */
  registerCompanyPage: { method: 'POST', path: '/api/company/register' },
  confirmEmail: { method: 'GET', path: '/api/confirm' },
  /** Ours: an organisation's display name, logo address and accent (docs/decisions/product.md: Organisation branding comes from its data). */
  getOrganisationBrand: { method: 'GET', path: '/api/organisations/:subdomain/brand' },
  /** Ours: a channel admin invites someone into the channel (spec 6); mails the invitation. */
  createInvitation: { method: 'POST', path: '/api/invitations' },
  // translation
  getTranslation: { method: 'GET', path: '/api/translation' },
  // images
  getUploadSignature: { method: 'POST', path: '/api/transloadit-signature-authentication' },
  /** Ours: the upload service of spec 7, Transloadit-like multipart form (params, signature, file). */
  uploadImage: { method: 'POST', path: '/api/uploads' },
  createImageRecord: { method: 'POST', path: '/api/images' },
  /** Ours: removes an image record of the current user. */
  deleteImage: { method: 'DELETE', path: '/api/images/:id' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type ApiCall = keyof typeof API_PATHS;

/** Fills `:name` segments: apiPath('deleteImage', { id: '7' }) -> '/api/images/7'. */
export const apiPath = (call: ApiCall, params: Record<string, string> = {}): string =>
  API_PATHS[call].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath(${call}): missing :${name}`);
    return encodeURIComponent(value);
  });

/**
 * Ours: identity-provider sign-in starts (spec 1, 2). Whole-page navigations, not fetch calls, so they sit outside
 * /api; the server redirects to the provider, or to /auth/<provider>/error?type=... when it is not configured.
 */
export const IDP_START_PATHS = {
  azure: '/auth/azure/start',
  okta: '/auth/okta/start',
} as const;
/** Ours: 'Sign in with your organisation' (spec 1) with `?organisation=`: the server picks the provider it has set. */
export const IDP_ORGANISATION_START_PATH = '/auth/organisation/start';
/**
 * An organisation without a way in (unknown, or no provider set) sends the browser back to /login with these
 * query parameters: what was typed, and the spec 8 type said under the field there.
 */
export const IDP_ORGANISATION_QUERY = { organisation: 'organisation', error: 'organisationError' } as const;

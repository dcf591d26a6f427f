/**
 * The scenario data of the development fake service (spec 1): who can log in, which codes and tokens work, and
 * which inputs reach which error of spec 8. One source for the seed, the handlers, the tests and the README table.
 */
import { accentShades, type OrganisationBrand } from '../contract/branding';
import { DEFAULT_ORGANISATION_TERMS, type OrganisationTerms } from '../contract/organisationTerms';

/** Every scenario account logs in with this password (unless its row says otherwise). */
export const DEMO_PASSWORD = 'demo-password';

export const ACCOUNTS = {
  /** Plain login; channels and organisations lists longer than one page (spec 9: 15 per page). */
  user: 'user@example.com',
  /** Two-factor on: needs the one-time code, or a recovery code. */
  totp: 'totp@example.com',
  /** Its organisation enforces two-factor, not set up yet: login answers the setup payload. */
  enforced: 'enforced@example.com',
  /** isStaff: may create organisations (spec 6). */
  staff: 'staff@example.com',
  /** accountConfirmationPending: the 'Please verify your email address.' banner; no channels, no organisations. */
  unconfirmed: 'unconfirmed@example.com',
  /** The account the reset token 'valid-token' belongs to (its password changes when the token is used). */
  reset: 'reset@example.com',
  /** Login answers account_locked_error (ours). */
  locked: 'locked@example.com',
  /** Any call carrying this e-mail answers 500 (unknown_server_error). */
  serverError: 'server-error@example.com',
  /** Any call carrying this e-mail answers 429 (rate_limited_error, ours). */
  rateLimited: 'rate-limited@example.com',
} as const;

/** The only one-time code the fake accepts, for every account and every setup. */
export const VALID_OTP = '123456';
/** A recovery code of totp@example.com: works once, then used_auth_recovery_otp_code_error. */
export const VALID_RECOVERY_CODE = 'ABC123';

export const TOKENS = {
  /** GET/POST /api/forgot_password_set: valid for reset@example.com (stays valid, so the demo repeats). */
  reset: 'valid-token',
  /** Reset token answered with Forbidden {message: 'not found'} (spec 8), also the invalid-token page. */
  resetForbidden: 'not-found-token',
  /** POST /api/magic_link: logs in as user@example.com. */
  magicLink: 'magic-token',
  /** GET/POST /api/register: an invitation of invitee@example.com to a plain organisation. */
  invite: 'invite-token',
  /** An invitation to an organisation that enforces two-factor: sign-up answers the setup payload first. */
  inviteTwoFactor: 'invite-2fa-token',
  /** GET /api/confirm: boarding by e-mail. */
  confirmEmail: 'confirm-email',
  /** GET /api/confirm: boarding by company id, lit. */
  confirmLit: 'confirm-lit',
  /** GET /api/confirm: boarding by company id, unicef_for_every_child. */
  confirmUnicef: 'confirm-unicef',
  /** GET /api/confirm: boarding by company id, another organisation (the default wording). */
  confirmCompany: 'confirm-company',
  /** GET /api/confirm: user_is_already_confirmed_error. */
  confirmConfirmed: 'confirm-confirmed',
} as const;

/** Who the invitations invite, into which organisation and channel. */
export const INVITEES = {
  [TOKENS.invite]: {
    email: 'invitee@example.com',
    screenName: 'Ivy Invitee',
    organisation: { name: 'Acme News', subdomain: 'acme' },
    channel: { name: 'Acme Updates', subdomain: 'updates' },
  },
  [TOKENS.inviteTwoFactor]: {
    email: 'invitee-2fa@example.com',
    screenName: 'Tara Twofactor',
    organisation: { name: 'Secure Corp', subdomain: 'securecorp' },
    channel: { name: 'Secure Briefing', subdomain: 'briefing' },
  },
} as const;
export type InviteToken = keyof typeof INVITEES;

/** A channel subdomain that already exists (channel_subdomain_already_exist_error on sign-up and creation). */
export const TAKEN_SUBDOMAIN = 'taken';
/** An organisation subdomain that already exists (creation answers channel_subdomain_already_exist_error). */
export const TAKEN_ORGANISATION_SUBDOMAIN = 'takenorg';

/** The organisation the curator sign-up and new channels live in (spec 9: default 'welcome'). */
export const BASE_ORGANISATION = { name: 'Channels', subdomain: 'welcome' } as const;

/**
 * Register by company id (spec 2 Start, company pages): organisations and their employees. Subdomains compare
 * case-insensitively, last names too. An employee with `confirmed` answers Forbidden 'user-is-verified'; one with
 * `registeredWith` was registered at that address (confirmed, or else waiting there: docs/decisions/security.md Company-id
 * sign-up races), which the answers name masked.
 */
export interface Employee {
  lastName: string;
  companyId: string;
  confirmed?: boolean;
  registeredWith?: string;
}
export const COMPANY_EMPLOYEES: Readonly<Record<string, readonly Employee[]>> = {
  lit: [
    { lastName: 'Muster', companyId: '1001' },
    { lastName: 'Verified', companyId: '9999', confirmed: true, registeredWith: 'verified@example.com' },
    { lastName: 'Pending', companyId: '8888', registeredWith: 'mallory@evil.example' },
  ],
  unicef_for_every_child: [
    { lastName: 'Muster', companyId: '2001' },
    { lastName: 'Verified', companyId: '9999', confirmed: true, registeredWith: 'verified@example.com' },
    { lastName: 'Pending', companyId: '8888', registeredWith: 'mallory@evil.example' },
  ],
  papier_union: [
    { lastName: 'Muster', companyId: '3001' },
    { lastName: 'Verified', companyId: '9999', confirmed: true, registeredWith: 'verified@example.com' },
    { lastName: 'Pending', companyId: '8888', registeredWith: 'mallory@evil.example' },
  ],
  inapa_deutschland: [
    { lastName: 'Muster', companyId: '4001' },
    { lastName: 'Verified', companyId: '9999', confirmed: true, registeredWith: 'verified@example.com' },
    { lastName: 'Pending', companyId: '8888', registeredWith: 'mallory@evil.example' },
  ],
};

/**
 * The terms checkbox of an organisation (spec 2 Register), answered by the invitation check and the company-id
 * checks as the reference server answers its organisations' data: lit and unicef_for_every_child as its demo seed
 * has them (addresses on the reserved `.example` domain); any other organisation, the site's own wording and pages.
 */
export const ORGANISATION_TERMS: Readonly<Record<string, OrganisationTerms>> = {
  lit: { wording: 'lit', termsUrl: 'https://lit.example/terms', privacyUrl: 'https://lit.example/privacy' },
  unicef_for_every_child: {
    wording: 'unicef_for_every_child',
    termsUrl: 'https://unicef-for-every-child.example/terms',
    privacyUrl: 'https://unicef-for-every-child.example/privacy',
  },
};
export const termsOfOrganisation = (subdomain: string): OrganisationTerms =>
  ORGANISATION_TERMS[subdomain.toLowerCase()] ?? DEFAULT_ORGANISATION_TERMS;

/**
 * The organisations' display names and accents as the reference server's demo seed has them (server/seed.ts
 * DEMO_ORGANISATION_BRANDS); the fake serves no logo, so every one shows its initial in its accent.
 */
const ORGANISATION_BRANDS: Readonly<Record<string, { name: string; accent: string | null }>> = {
  welcome: { name: 'Channels', accent: null },
  lit: { name: 'LIT', accent: '#c2410c' },
  unicef_for_every_child: { name: 'UNICEF for every child', accent: '#1cabe2' },
  papier_union: { name: 'Papier Union', accent: '#2f6f4f' },
  inapa_deutschland: { name: 'Inapa Deutschland', accent: '#7a3ea1' },
  acme: { name: 'Acme News', accent: null },
  securecorp: { name: 'Secure Corp', accent: null },
};
export const brandOfOrganisation = (subdomain: string): OrganisationBrand | undefined => {
  const brand = ORGANISATION_BRANDS[subdomain.toLowerCase()];
  return (
    brand && { name: brand.name, logoUrl: null, accent: brand.accent ? accentShades(brand.accent) : null }
  );
};

/** A sample secret shown by every two-factor setup (any authenticator code is refused but VALID_OTP). */
export const TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXP';
export const TWO_FACTOR_OTP_URL = `otpauth://totp/Account%20Site%20(fake):demo?secret=${TWO_FACTOR_SECRET}&issuer=Account%20Site%20(fake)`;

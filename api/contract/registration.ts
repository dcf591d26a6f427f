/**
 * Registration calls (spec 3, 7): invitation check and sign-up, curator sign-up, register by company id (start
 * stepper), the company-specific start pages, and e-mail confirmation.
 */
import * as v from 'valibot';
import { OptionalOrganisationBrandWire, type OrganisationBrand, OrganisationBrandWire } from './branding';
import {
  boundedString,
  EmailSchema,
  OtpInputSchema,
  OtpWireSchema,
  passwordSchema,
  RecoveryCodeWireSchema,
  SignUpNameSchema,
  TermsSchema,
  TokenSchema,
  VALIDATION_CODES,
} from './common';
import {
  BOARDING_METHODS,
  type BoardingMethod,
  COMPANY_ID_MAX,
  COMPANY_ID_MIN,
  COMPANY_PAGE_ORGANISATIONS,
  LAST_NAME_MAX,
  LAST_NAME_MIN,
  OTP_LENGTH,
  SIGNUP_PASSWORD_MIN,
  START_SUBDOMAIN_MAX,
  START_SUBDOMAIN_MIN,
} from './limits';
import { NewChannelForm } from './lists';
import {
  fromOrganisationTermsWire,
  OptionalOrganisationTermsWire,
  type OrganisationTerms,
} from './organisationTerms';

/** spec 5: sign-up password required, min 5. */
export const SignUpPasswordSchema = passwordSchema(SIGNUP_PASSWORD_MIN);

// ---------------------------------------------------------------------------------------------- invitation check

/** GET /api/register?token answer (spec 3 Invite info). `data` null or missing: no invite, invalid token. */
export const InviteInfoWire = v.object({
  user: v.object({
    screenName: v.nullish(v.string()),
    email: v.string(),
    isReader: v.optional(v.boolean(), false),
    subdomain: v.nullish(v.string()),
  }),
  /** The organisation, with its terms-and-privacy wording and addresses and its branding (spec 2 Register). */
  organisation: v.object({
    name: v.string(),
    subdomain: v.string(),
    terms: OptionalOrganisationTermsWire,
    brand: OptionalOrganisationBrandWire,
  }),
  channel: v.object({ subdomain: v.string(), name: v.string(), url: v.string() }),
  invitee: v.object({ image: v.nullish(v.string()), screenName: v.nullish(v.string()), email: v.string() }),
});
export type InviteInfoWire = v.InferOutput<typeof InviteInfoWire>;
export const CheckInviteAnswerWire = v.object({ data: v.nullish(InviteInfoWire) });
export type CheckInviteAnswerWire = v.InferOutput<typeof CheckInviteAnswerWire>;

export interface InviteInfo {
  user: { screenName: string; email: string; isReader: boolean; subdomain: string };
  /** The organisation, with the wording and links of its terms checkbox (spec 2 Register). */
  organisation: {
    name: string;
    subdomain: string;
    terms: OrganisationTerms;
    /** Its name, logo and accent; absent from an answer of an older server process. */
    brand?: OrganisationBrand;
  };
  channel: { subdomain: string; name: string; url: string };
  /** The invited person as shown on the page: picture (or first letter), name, e-mail. */
  invitee: { imageUrl: string | null; screenName: string; email: string };
}
export interface CheckInviteInput {
  token: string;
}

/** null when the answer holds no invite (spec 2: invalid-token page if no invite info). */
export const fromCheckInviteAnswerWire = (wire: CheckInviteAnswerWire): InviteInfo | null => {
  const data = wire.data;
  if (!data) return null;
  return {
    user: {
      screenName: data.user.screenName ?? '',
      email: data.user.email,
      isReader: data.user.isReader,
      subdomain: data.user.subdomain ?? '',
    },
    organisation: {
      name: data.organisation.name,
      subdomain: data.organisation.subdomain,
      terms: fromOrganisationTermsWire(data.organisation.terms),
      ...(data.organisation.brand && { brand: data.organisation.brand }),
    },
    channel: { ...data.channel },
    invitee: {
      imageUrl: data.invitee.image ?? null,
      screenName: data.invitee.screenName ?? '',
      email: data.invitee.email,
    },
  };
};
export const toCheckInviteAnswerWire = (info: InviteInfo | null): CheckInviteAnswerWire => ({
  data: info && {
    user: { ...info.user },
    organisation: {
      name: info.organisation.name,
      subdomain: info.organisation.subdomain,
      terms: { ...info.organisation.terms },
      ...(info.organisation.brand && { brand: info.organisation.brand }),
    },
    channel: { ...info.channel },
    invitee: { image: info.invitee.imageUrl, screenName: info.invitee.screenName, email: info.invitee.email },
  },
});

// ---------------------------------------------------------------------------------------------- sign-up answers

/**
 * POST /api/register answer: where to go next (curator: /me; invitation: the channel URL, spec 2). An invitation
 * into an organisation that enforces two-factor also answers the new recovery codes (shown before leaving, as
 * login does: docs/decisions/security.md: One-time and recovery codes).
 */
export const RegisterAnswerWire = v.object({
  redirectUrl: v.nullish(v.string()),
  recoveryCodes: v.optional(v.array(RecoveryCodeWireSchema)),
});
export type RegisterAnswerWire = v.InferOutput<typeof RegisterAnswerWire>;
export interface RegisterResult {
  redirectUrl: string | null;
  recoveryCodes?: string[];
}
export const fromRegisterAnswerWire = (wire: RegisterAnswerWire): RegisterResult => ({
  redirectUrl: wire.redirectUrl ?? null,
  ...(wire.recoveryCodes ? { recoveryCodes: [...wire.recoveryCodes] } : {}),
});

// ---------------------------------------------------------------------------------------------- curator sign-up

/** spec 5 Register (curator): channel name and subdomain 3-24, name 2-160, e-mail, password min 5, terms. */
export const CuratorSignUpForm = v.object({
  channelName: NewChannelForm.entries.name,
  channelSubdomain: NewChannelForm.entries.subdomain,
  screenName: SignUpNameSchema,
  email: EmailSchema,
  password: SignUpPasswordSchema,
  terms: TermsSchema,
});
export type CuratorSignUpForm = v.InferOutput<typeof CuratorSignUpForm>;
export type RegisterCuratorInput = Omit<CuratorSignUpForm, 'terms'>;

/** POST /api/register body for a new owner (no token): email, pwd, screenName, channelName, subdomain. */
export const CuratorRegisterRequestWire = v.object({
  email: EmailSchema,
  pwd: SignUpPasswordSchema,
  screenName: SignUpNameSchema,
  channelName: NewChannelForm.entries.name,
  subdomain: NewChannelForm.entries.subdomain,
});
export type CuratorRegisterRequestWire = v.InferOutput<typeof CuratorRegisterRequestWire>;
export const toCuratorRegisterRequestWire = (input: RegisterCuratorInput): CuratorRegisterRequestWire => ({
  email: input.email,
  pwd: input.password,
  screenName: input.screenName,
  channelName: input.channelName,
  subdomain: input.channelSubdomain,
});
export const fromCuratorRegisterRequestWire = (wire: CuratorRegisterRequestWire): RegisterCuratorInput => ({
  email: wire.email,
  password: wire.pwd,
  screenName: wire.screenName,
  channelName: wire.channelName,
  channelSubdomain: wire.subdomain,
});

// ---------------------------------------------------------------------------------------------- invitation sign-up

/** spec 5: the optional code of the invitation's 2FA block: empty, or exactly 6 digits once cleaned. */
const OptionalOtpInputSchema = v.union([v.literal(''), OtpInputSchema], VALIDATION_CODES.pattern);

export const InviteSignUpForm = v.object({
  screenName: SignUpNameSchema,
  email: EmailSchema,
  password: SignUpPasswordSchema,
  otpCode: OptionalOtpInputSchema,
  terms: TermsSchema,
});
export type InviteSignUpForm = v.InferOutput<typeof InviteSignUpForm>;
export interface RegisterInviteInput {
  token: string;
  email: string;
  password: string;
  screenName: string;
  /** Omitted (or '') when the user did not fill in the 2FA block. */
  otpCode?: string;
}

/**
 * spec 5: the invitation sends the code "as a number or omits it when empty". A number loses leading zeros, so
 * the reader pads it back to OTP_LENGTH; a digit string is accepted too.
 */
const OTP_MAX_NUMBER = 10 ** OTP_LENGTH - 1;
export const InviteOtpWire = v.union([
  v.pipe(v.number(), v.integer(), v.minValue(0, VALIDATION_CODES.pattern), v.maxValue(OTP_MAX_NUMBER)),
  OtpWireSchema,
]);
const otpFromWire = (otp: number | string): string => String(otp).padStart(OTP_LENGTH, '0');

/** POST /api/register body with a token: token, email, pwd, screenName, otp. */
export const InviteRegisterRequestWire = v.object({
  token: TokenSchema,
  email: EmailSchema,
  pwd: SignUpPasswordSchema,
  screenName: SignUpNameSchema,
  otp: v.optional(InviteOtpWire),
});
export type InviteRegisterRequestWire = v.InferOutput<typeof InviteRegisterRequestWire>;
export const toInviteRegisterRequestWire = (input: RegisterInviteInput): InviteRegisterRequestWire => ({
  token: input.token,
  email: input.email,
  pwd: input.password,
  screenName: input.screenName,
  ...(input.otpCode ? { otp: Number(input.otpCode) } : {}),
});
export const fromInviteRegisterRequestWire = (wire: InviteRegisterRequestWire): RegisterInviteInput => ({
  token: wire.token,
  email: wire.email,
  password: wire.pwd,
  screenName: wire.screenName,
  ...(wire.otp !== undefined ? { otpCode: otpFromWire(wire.otp) } : {}),
});

/** The server tells the two POST /api/register bodies apart by the token. */
export const isInviteRegisterBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'token' in body;

// ---------------------------------------------------------------------------------------------- start (company id)

/** spec 5 Start: organisation subdomain required 3-20. */
export const OrganisationSubdomainSchema = boundedString(START_SUBDOMAIN_MIN, START_SUBDOMAIN_MAX);
/** spec 5 Start: last name required 3-256 (the company pages' 'full name' too). */
export const LastNameSchema = boundedString(LAST_NAME_MIN, LAST_NAME_MAX);
/** spec 5 Start: company id required 1-20 (the company pages' staff number too). */
export const CompanyIdSchema = boundedString(COMPANY_ID_MIN, COMPANY_ID_MAX);

export const StartSubdomainForm = v.object({ organisationSubdomain: OrganisationSubdomainSchema });
export type StartSubdomainForm = v.InferOutput<typeof StartSubdomainForm>;
export const StartCompanyIdForm = v.object({ userLastName: LastNameSchema, userCompanyId: CompanyIdSchema });
export type StartCompanyIdForm = v.InferOutput<typeof StartCompanyIdForm>;

/** spec 5: e-mail plus confirm e-mail (mismatch: 'any.only' on confirmEmail, 'Email should be equal'), terms. */
export const StartEmailForm = v.pipe(
  v.object({ email: EmailSchema, confirmEmail: EmailSchema, terms: TermsSchema }),
  v.forward(
    v.partialCheck(
      [['email'], ['confirmEmail']],
      (input) => input.email.toLowerCase() === input.confirmEmail.toLowerCase(),
      VALIDATION_CODES.only,
    ),
    ['confirmEmail'],
  ),
);
export type StartEmailForm = v.InferOutput<typeof StartEmailForm>;

/** POST /api/confirm/user_company_id: one body per step (spec 7: organisationSubdomain, companyId or all). */
export const CompanyIdRequestWire = v.variant('step', [
  v.object({ step: v.literal('organisationSubdomain'), organisationSubdomain: OrganisationSubdomainSchema }),
  v.object({
    step: v.literal('companyId'),
    organisationSubdomain: OrganisationSubdomainSchema,
    companyId: CompanyIdSchema,
    lastName: LastNameSchema,
  }),
  v.object({
    step: v.literal('all'),
    organisationSubdomain: OrganisationSubdomainSchema,
    companyId: CompanyIdSchema,
    lastName: LastNameSchema,
    email: EmailSchema,
  }),
]);
export type CompanyIdRequestWire = v.InferOutput<typeof CompanyIdRequestWire>;

/** The start stepper's checks: step 0 subdomain, step 1 last name and id, step 2 registration with e-mail. */
export type CheckCompanyIdInput =
  | { step: 'organisationSubdomain'; organisationSubdomain: string }
  | { step: 'companyId'; organisationSubdomain: string; userCompanyId: string; userLastName: string }
  | {
      step: 'all';
      organisationSubdomain: string;
      userCompanyId: string;
      userLastName: string;
      email: string;
    };

export const toCompanyIdRequestWire = (input: CheckCompanyIdInput): CompanyIdRequestWire => {
  switch (input.step) {
    case 'organisationSubdomain':
      return { step: input.step, organisationSubdomain: input.organisationSubdomain };
    case 'companyId':
      return {
        step: input.step,
        organisationSubdomain: input.organisationSubdomain,
        companyId: input.userCompanyId,
        lastName: input.userLastName,
      };
    case 'all':
      return {
        step: input.step,
        organisationSubdomain: input.organisationSubdomain,
        companyId: input.userCompanyId,
        lastName: input.userLastName,
        email: input.email,
      };
  }
};
export const fromCompanyIdRequestWire = (wire: CompanyIdRequestWire): CheckCompanyIdInput => {
  switch (wire.step) {
    case 'organisationSubdomain':
      return { step: wire.step, organisationSubdomain: wire.organisationSubdomain };
    case 'companyId':
      return {
        step: wire.step,
        organisationSubdomain: wire.organisationSubdomain,
        userCompanyId: wire.companyId,
        userLastName: wire.lastName,
      };
    case 'all':
      return {
        step: wire.step,
        organisationSubdomain: wire.organisationSubdomain,
        userCompanyId: wire.companyId,
        userLastName: wire.lastName,
        email: wire.email,
      };
  }
};

/**
 * POST /api/confirm/user_company_id and POST /api/company/check answer: ok, and the organisation's terms (every
 * step of the start finds the organisation; the step that establishes it, organisationSubdomain, is the one whose
 * terms the start keeps for its e-mail step).
 */
export const CompanyCheckAnswerWire = v.object({
  ok: v.literal(true),
  terms: OptionalOrganisationTermsWire,
  /** The organisation's name, logo and accent: /start shows them once the organisation is found. */
  brand: OptionalOrganisationBrandWire,
});
export type CompanyCheckAnswerWire = v.InferOutput<typeof CompanyCheckAnswerWire>;
/** What a company-id check tells the sign-up: the organisation's terms checkbox. */
export interface CompanyCheck {
  terms: OrganisationTerms;
  /** Absent from an answer of an older server process. */
  brand?: OrganisationBrand;
}
export const fromCompanyCheckAnswerWire = (wire: CompanyCheckAnswerWire): CompanyCheck => ({
  terms: fromOrganisationTermsWire(wire.terms),
  ...(wire.brand && { brand: wire.brand }),
});
export const toCompanyCheckAnswerWire = (check: CompanyCheck): CompanyCheckAnswerWire => ({
  ok: true,
  terms: { ...check.terms },
  ...(check.brand && { brand: check.brand }),
});

// ---------------------------------------------------------------------------------------------- company pages

/** Company-specific start pages (lit, unicef_for_every_child). Same names on the wire and in the app. */
const CompanyPageSubdomainSchema = v.picklist(COMPANY_PAGE_ORGANISATIONS, VALIDATION_CODES.only);

/** POST /api/company/check body (step 1: full name and staff number). */
export const CompanyPageCheckRequestWire = v.object({
  organisationSubdomain: CompanyPageSubdomainSchema,
  userCompanyId: CompanyIdSchema,
  userLastName: LastNameSchema,
});
export type CompanyPageCheckRequestWire = v.InferOutput<typeof CompanyPageCheckRequestWire>;
export type CheckCompanyPageInput = CompanyPageCheckRequestWire;
export const toCompanyPageCheckRequestWire = (input: CheckCompanyPageInput): CompanyPageCheckRequestWire => ({
  ...input,
});

/** POST /api/company/register body (step 2: e-mail). */
export const CompanyPageRegisterRequestWire = v.object({
  ...CompanyPageCheckRequestWire.entries,
  email: EmailSchema,
});
export type CompanyPageRegisterRequestWire = v.InferOutput<typeof CompanyPageRegisterRequestWire>;
export type RegisterCompanyPageInput = CompanyPageRegisterRequestWire;
export const toCompanyPageRegisterRequestWire = (
  input: RegisterCompanyPageInput,
): CompanyPageRegisterRequestWire => ({ ...input });

// ---------------------------------------------------------------------------------------------- confirm

/** GET /api/confirm?token answer: boarding (email by default, or companyId), organisationSubdomain. */
export const ConfirmAnswerWire = v.object({
  boarding: v.optional(v.picklist(BOARDING_METHODS), 'email'),
  organisationSubdomain: v.nullish(v.string()),
  /** Ours: the branding of the organisation the account signed up into, when it did into one. */
  organisation: v.nullish(OrganisationBrandWire),
});
export type ConfirmAnswerWire = v.InferOutput<typeof ConfirmAnswerWire>;
export interface ConfirmResult {
  boardingMethod: BoardingMethod;
  organisationSubdomain: string | null;
  /** The organisation's branding, when the account signed up into one. */
  brand?: OrganisationBrand;
}
export interface ConfirmEmailInput {
  token: string;
}
export const fromConfirmAnswerWire = (wire: ConfirmAnswerWire): ConfirmResult => ({
  boardingMethod: wire.boarding,
  organisationSubdomain: wire.organisationSubdomain ?? null,
  ...(wire.organisation && { brand: wire.organisation }),
});
export const toConfirmAnswerWire = (result: ConfirmResult): ConfirmAnswerWire => ({
  boarding: result.boardingMethod,
  organisationSubdomain: result.organisationSubdomain,
  organisation: result.brand ?? null,
});

/** Wire field -> domain field for FieldValidationError paths, per call. */
export const REGISTRATION_FIELD_NAMES = {
  registerCurator: { pwd: 'password', subdomain: 'channelSubdomain' },
  registerInvite: { pwd: 'password', otp: 'otpCode' },
  checkCompanyId: { companyId: 'userCompanyId', lastName: 'userLastName' },
} as const;

/**
 * Registration calls of the fake (spec 7): invitation check and sign-up, curator sign-up, register by company id
 * (start stepper), the company pages, and e-mail confirmation.
 */
import {
  CompanyIdRequestWire,
  CompanyPageCheckRequestWire,
  CompanyPageRegisterRequestWire,
  CuratorRegisterRequestWire,
  fromInviteRegisterRequestWire,
  type InviteInfo,
  InviteRegisterRequestWire,
  TokenQueryWire,
  toCheckInviteAnswerWire,
  toCompanyCheckAnswerWire,
  toConfirmAnswerWire,
  toTwoFactorSetupWire,
  VALIDATION_CODES,
} from '../../contract';
import { maskedAddress } from '../../contract/maskedAddress';
import type { FakeCall, FakeResolvers } from '../context';
import { failField, failUserIsVerified, failWithCode, json, ok, parse } from '../reply';
import {
  brandOfOrganisation,
  COMPANY_EMPLOYEES,
  DEMO_PASSWORD,
  type Employee,
  INVITEES,
  type InviteToken,
  TOKENS,
  termsOfOrganisation,
  VALID_OTP,
} from '../scenarios';
import { user as blankUser } from '../seed';
import { emailKey, type FakeStore, type FakeUser } from '../store';
import { turnTwoFactorOn, twoFactorSetupPayload } from './auth';
import { addChannel, channelUrlOf, isChannelSubdomainTaken, malformedSubdomain } from './lists';

const inviteOf = (token: string) =>
  Object.hasOwn(INVITEES, token) ? INVITEES[token as InviteToken] : undefined;

/** Like the server: unknown and used invitations answer invite_token_invalid_error (404). */
const requireInvite = (store: FakeStore, token: string) => {
  const invite = inviteOf(token);
  if (!invite || store.state.usedInvitations.includes(token))
    throw failWithCode(404, 'invite_token_invalid_error');
  return invite;
};

/** The organisation's branding as an answer carries it (none for an organisation the fake does not brand). */
const withBrand = (subdomain: string) => {
  const brand = brandOfOrganisation(subdomain);
  return brand ? { brand } : {};
};

const inviteInfo = (origin: string, invite: NonNullable<ReturnType<typeof inviteOf>>): InviteInfo => ({
  user: {
    screenName: invite.screenName,
    email: invite.email,
    isReader: false,
    subdomain: invite.channel.subdomain,
  },
  organisation: {
    ...invite.organisation,
    terms: termsOfOrganisation(invite.organisation.subdomain),
    ...withBrand(invite.organisation.subdomain),
  },
  channel: {
    ...invite.channel,
    url: channelUrlOf(origin, {
      subdomain: invite.channel.subdomain,
      organisationSubdomain: invite.organisation.subdomain,
    }),
  },
  invitee: { imageUrl: null, screenName: invite.screenName, email: invite.email },
});

/** Creates (or, for an invitation, replaces) an account; new accounts wait for e-mail confirmation. */
const putUser = (store: FakeStore, fields: Pick<FakeUser, 'email' | 'screenName' | 'password'>): FakeUser => {
  const user = blankUser(fields.email, fields.screenName, {
    id: store.userByEmail(fields.email)?.id ?? store.newId(),
    password: fields.password,
    accountConfirmationPending: true,
  });
  store.state.users[emailKey(fields.email)] = user;
  return user;
};

const requireNewEmail = (store: FakeStore, email: string) => {
  if (store.userByEmail(email)) throw failWithCode(409, 'email_already_exist_error');
};

/** spec 8: unknown organisation subdomain, unknown (last name, company id) pair, already confirmed employee. */
const requireOrganisation = (subdomain: string): readonly Employee[] => {
  const employees = COMPANY_EMPLOYEES[subdomain.toLowerCase()];
  if (!employees) throw failWithCode(404, 'registration_company_id_subdomain_not_found_error');
  return employees;
};
const requireEmployee = (subdomain: string, lastName: string, companyId: string): Employee => {
  const employee = requireOrganisation(subdomain).find(
    (row) => row.lastName.toLowerCase() === lastName.toLowerCase() && row.companyId === companyId,
  );
  if (!employee) throw failWithCode(404, 'registration_company_id_unknown_company_id_error');
  // Like the server: the address it was confirmed with, masked (docs/decisions/security.md: Company-id sign-up races).
  if (employee.confirmed)
    throw failUserIsVerified(
      employee.registeredWith ? { email: maskedAddress(employee.registeredWith) } : undefined,
    );
  return employee;
};

/**
 * docs/decisions/security.md Company-id sign-up races: a registration of the employee that waits at another address (the
 * scenario's, or one made in this fake), answered 409 with that address masked.
 */
const refusePendingElsewhere = (
  call: FakeCall,
  employee: Employee,
  companyEmployee: string,
  email: string,
) => {
  const waiting =
    employee.registeredWith ??
    Object.values(call.store.state.users).find(
      (user) => user.accountConfirmationPending && user.companyEmployee === companyEmployee,
    )?.email;
  if (waiting && waiting.trim().toLowerCase() !== email.trim().toLowerCase())
    throw failWithCode(409, 'registration_pending_elsewhere_error', {
      details: { email: maskedAddress(waiting) },
    });
};

/**
 * The last step of both company flows: the account waits for its confirmation mail. Like the server, the same
 * registration again (the page's 'Send again') answers ok while that account waits at that address
 * (docs/decisions/product.md: Check your e-mail); while it waits at another address, that one is named, masked
 * (docs/decisions/security.md: Company-id sign-up races); another account's address is taken.
 */
const registerEmployee = (call: FakeCall, subdomain: string, employee: Employee, email: string) => {
  const companyEmployee = `${subdomain.toLowerCase()}:${employee.companyId}`;
  refusePendingElsewhere(call, employee, companyEmployee, email);
  const pending = call.store.userByEmail(email);
  if (pending?.accountConfirmationPending && pending.companyEmployee === companyEmployee) return;
  requireNewEmail(call.store, email);
  const user = putUser(call.store, { email, screenName: employee.lastName, password: DEMO_PASSWORD });
  user.companyEmployee = companyEmployee;
};

const CONFIRMATIONS: Readonly<Record<string, () => Response>> = {
  [TOKENS.confirmEmail]: () =>
    json(toConfirmAnswerWire({ boardingMethod: 'email', organisationSubdomain: null })),
  [TOKENS.confirmLit]: () =>
    json(
      toConfirmAnswerWire({ boardingMethod: 'companyId', organisationSubdomain: 'lit', ...withBrand('lit') }),
    ),
  [TOKENS.confirmUnicef]: () =>
    json(
      toConfirmAnswerWire({
        boardingMethod: 'companyId',
        organisationSubdomain: 'unicef_for_every_child',
        ...withBrand('unicef_for_every_child'),
      }),
    ),
  [TOKENS.confirmCompany]: () =>
    json(
      toConfirmAnswerWire({
        boardingMethod: 'companyId',
        organisationSubdomain: 'papier_union',
        ...withBrand('papier_union'),
      }),
    ),
  [TOKENS.confirmConfirmed]: () => {
    throw failWithCode(409, 'user_is_already_confirmed_error');
  },
};

export const registrationResolvers: FakeResolvers<
  | 'checkInvite'
  | 'registerCurator'
  | 'registerInvite'
  | 'checkCompanyId'
  | 'checkCompanyPage'
  | 'registerCompanyPage'
  | 'confirmEmail'
  | 'getOrganisationBrand'
> = {
  checkInvite: (call) => {
    const { token } = parse(TokenQueryWire, call.query);
    return json(toCheckInviteAnswerWire(inviteInfo(call.url.origin, requireInvite(call.store, token))));
  },

  registerCurator: (call) => {
    const wire = parse(CuratorRegisterRequestWire, call.body, malformedSubdomain);
    requireNewEmail(call.store, wire.email);
    if (isChannelSubdomainTaken(call.store, wire.subdomain)) {
      throw failWithCode(409, 'channel_subdomain_already_exist_error');
    }
    const user = putUser(call.store, { email: wire.email, screenName: wire.screenName, password: wire.pwd });
    addChannel(call.store, user.email, {
      name: wire.channelName,
      subdomain: wire.subdomain,
      ownerName: user.screenName,
    });
    call.store.state.session = { email: user.email };
    // No redirectUrl: the site goes to /me (spec 2 Register, curator).
    return json({ redirectUrl: null });
  },

  registerInvite: (call) => {
    const input = fromInviteRegisterRequestWire(parse(InviteRegisterRequestWire, call.body));
    const invite = requireInvite(call.store, input.token);
    // The e-mail is read-only on the page (spec 2): anything else is a tampered request.
    if (emailKey(input.email) !== invite.email) throw failField('email', VALIDATION_CODES.only);
    // As the server: an enforcing organisation's invitee sets two-factor up before the account exists; every
    // refusal carries the (same) payload, so the page keeps its QR code (spec 4 Invite registration).
    const enforcesTwoFactor = input.token === TOKENS.inviteTwoFactor;
    const twoFactorVerify = toTwoFactorSetupWire(twoFactorSetupPayload());
    if (enforcesTwoFactor && !input.otpCode)
      throw failWithCode(403, 'two_factor_auth_is_not_setup_error', { twoFactorVerify });
    if (enforcesTwoFactor && input.otpCode !== VALID_OTP)
      throw failWithCode(401, 'unknown_auth_otp_code_error', { twoFactorVerify });
    // The invitation works once; the invited account replaces any earlier one of the address (fake only).
    call.store.state.usedInvitations.push(input.token);
    const user = putUser(call.store, {
      email: invite.email,
      screenName: input.screenName,
      password: input.password,
    });
    user.accountConfirmationPending = false;
    user.twoFactorEnforced = enforcesTwoFactor;
    const recoveryCodes = enforcesTwoFactor ? turnTwoFactorOn(user) : undefined;
    call.store.state.session = { email: user.email };
    const address = {
      subdomain: invite.channel.subdomain,
      organisationSubdomain: invite.organisation.subdomain,
    };
    // spec 2: after registering the browser goes to the invited channel's URL; with two-factor, the new codes.
    return json({
      redirectUrl: channelUrlOf(call.url.origin, address),
      ...(recoveryCodes ? { recoveryCodes } : {}),
    });
  },

  checkCompanyId: (call) => {
    const wire = parse(CompanyIdRequestWire, call.body);
    // Like the server: every step answers the organisation's terms checkbox.
    const checked = () =>
      json(
        toCompanyCheckAnswerWire({
          terms: termsOfOrganisation(wire.organisationSubdomain),
          ...withBrand(wire.organisationSubdomain),
        }),
      );
    if (wire.step === 'organisationSubdomain') {
      requireOrganisation(wire.organisationSubdomain);
      return checked();
    }
    const employee = requireEmployee(wire.organisationSubdomain, wire.lastName, wire.companyId);
    if (wire.step === 'all') registerEmployee(call, wire.organisationSubdomain, employee, wire.email);
    return checked();
  },

  checkCompanyPage: (call) => {
    const wire = parse(CompanyPageCheckRequestWire, call.body);
    requireEmployee(wire.organisationSubdomain, wire.userLastName, wire.userCompanyId);
    return json(
      toCompanyCheckAnswerWire({
        terms: termsOfOrganisation(wire.organisationSubdomain),
        ...withBrand(wire.organisationSubdomain),
      }),
    );
  },

  registerCompanyPage: (call) => {
    const wire = parse(CompanyPageRegisterRequestWire, call.body);
    const employee = requireEmployee(wire.organisationSubdomain, wire.userLastName, wire.userCompanyId);
    registerEmployee(call, wire.organisationSubdomain, employee, wire.email);
    return ok();
  },

  getOrganisationBrand: (call) => {
    const brand = brandOfOrganisation(call.params.subdomain ?? '');
    if (!brand) throw failWithCode(404, 'registration_company_id_subdomain_not_found_error');
    return json(brand);
  },

  confirmEmail: (call) => {
    const { token } = parse(TokenQueryWire, call.query);
    const confirm = Object.hasOwn(CONFIRMATIONS, token) ? CONFIRMATIONS[token] : undefined;
    if (!confirm) throw failWithCode(400, 'user_confirm_token_invalid_error');
    return confirm();
  },
};

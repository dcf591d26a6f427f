import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LAST_NAME_MIN, START_SUBDOMAIN_MAX } from './limits';
import { DEFAULT_ORGANISATION_TERMS } from './organisationTerms';
import {
  CheckInviteAnswerWire,
  CompanyCheckAnswerWire,
  CompanyIdRequestWire,
  ConfirmAnswerWire,
  CuratorSignUpForm,
  fromCheckInviteAnswerWire,
  fromCompanyCheckAnswerWire,
  fromCompanyIdRequestWire,
  fromConfirmAnswerWire,
  fromCuratorRegisterRequestWire,
  fromInviteRegisterRequestWire,
  type InviteInfo,
  InviteRegisterRequestWire,
  InviteSignUpForm,
  StartCompanyIdForm,
  StartEmailForm,
  StartSubdomainForm,
  toCheckInviteAnswerWire,
  toCompanyCheckAnswerWire,
  toCompanyIdRequestWire,
  toCuratorRegisterRequestWire,
  toInviteRegisterRequestWire,
} from './registration';
import { formErrors } from './validation';

describe('registration contract', () => {
  it('reads the invite from data.user / data.invitee and treats no data as no invite', () => {
    const info: InviteInfo = {
      user: { screenName: 'Ann', email: 'ann@example.com', isReader: true, subdomain: 'news' },
      organisation: {
        name: 'Acme',
        subdomain: 'acme',
        terms: { wording: 'lit', termsUrl: 'https://acme.example/terms', privacyUrl: null },
      },
      channel: { subdomain: 'news', name: 'News', url: 'https://news-acme.example.com' },
      invitee: { imageUrl: null, screenName: 'Ann', email: 'ann@example.com' },
    };
    const wire = toCheckInviteAnswerWire(info);
    expect(wire.data?.invitee.image).toBeNull();
    expect(fromCheckInviteAnswerWire(v.parse(CheckInviteAnswerWire, wire))).toEqual(info);
    expect(fromCheckInviteAnswerWire(v.parse(CheckInviteAnswerWire, {}))).toBeNull();
    // An answer without the organisation's terms (a server from before them) reads as the site's own.
    const { terms: _, ...withoutTerms } = wire.data?.organisation ?? {};
    const older = { data: { ...wire.data, organisation: withoutTerms } };
    expect(fromCheckInviteAnswerWire(v.parse(CheckInviteAnswerWire, older))?.organisation.terms).toEqual(
      DEFAULT_ORGANISATION_TERMS,
    );
  });

  it("reads a company check's answer: the organisation's terms, the site's own when absent", () => {
    const terms = {
      wording: 'ceramtec',
      termsUrl: null,
      privacyUrl: 'https://ceramtec.example/privacy',
    } as const;
    const wire = toCompanyCheckAnswerWire({ terms });
    expect(wire).toEqual({ ok: true, terms });
    expect(fromCompanyCheckAnswerWire(v.parse(CompanyCheckAnswerWire, wire))).toEqual({ terms });
    expect(fromCompanyCheckAnswerWire(v.parse(CompanyCheckAnswerWire, { ok: true }))).toEqual({
      terms: DEFAULT_ORGANISATION_TERMS,
    });
    // An answer whose terms break the contract is refused whole (the api client makes it unknown_server_error).
    const hostile = { ok: true, terms: { ...terms, termsUrl: 'javascript:alert(1)' } };
    expect(v.safeParse(CompanyCheckAnswerWire, hostile).success).toBe(false);
  });

  it('sends the curator channel subdomain as subdomain and the password as pwd', () => {
    const input = {
      email: 'a@b.co',
      password: 'secret',
      screenName: 'Ann',
      channelName: 'News',
      channelSubdomain: 'news',
    };
    const wire = toCuratorRegisterRequestWire(input);
    expect(wire).toMatchObject({ pwd: 'secret', subdomain: 'news' });
    expect(fromCuratorRegisterRequestWire(wire)).toEqual(input);
  });

  it('sends the invitation code as a number, omits it when empty, and keeps leading zeros', () => {
    const base = { token: 't', email: 'a@b.co', password: 'secret', screenName: 'Ann' };
    expect(toInviteRegisterRequestWire({ ...base, otpCode: '' })).not.toHaveProperty('otp');
    const wire = toInviteRegisterRequestWire({ ...base, otpCode: '012345' });
    expect(wire.otp).toBe(12345);
    expect(fromInviteRegisterRequestWire(v.parse(InviteRegisterRequestWire, wire)).otpCode).toBe('012345');
    expect(v.is(InviteSignUpForm, { ...base, otpCode: '', terms: true })).toBe(true);
    expect(v.is(InviteSignUpForm, { ...base, otpCode: '12345', terms: true })).toBe(false);
  });

  it('maps the company-id check per step', () => {
    const input = {
      step: 'all' as const,
      organisationSubdomain: 'acme',
      userCompanyId: '77',
      userLastName: 'Smith',
      email: 'a@b.co',
    };
    const wire = toCompanyIdRequestWire(input);
    expect(wire).toEqual({
      step: 'all',
      organisationSubdomain: 'acme',
      companyId: '77',
      lastName: 'Smith',
      email: 'a@b.co',
    });
    expect(fromCompanyIdRequestWire(v.parse(CompanyIdRequestWire, wire))).toEqual(input);
    expect(v.is(CompanyIdRequestWire, { step: 'companyId', organisationSubdomain: 'acme' })).toBe(false);
  });

  it('defaults the boarding method to email', () => {
    expect(fromConfirmAnswerWire(v.parse(ConfirmAnswerWire, {}))).toEqual({
      boardingMethod: 'email',
      organisationSubdomain: null,
    });
    expect(
      fromConfirmAnswerWire(
        v.parse(ConfirmAnswerWire, { boarding: 'companyId', organisationSubdomain: 'lit' }),
      ),
    ).toEqual({ boardingMethod: 'companyId', organisationSubdomain: 'lit' });
  });

  it('enforces the start and sign-up rules', () => {
    expect(formErrors(StartEmailForm, { email: 'a@b.co', confirmEmail: 'c@b.co', terms: true })).toEqual([
      { field: 'confirmEmail', code: 'any.only', message: 'any.only' },
    ]);
    expect(v.is(StartEmailForm, { email: 'a@b.co', confirmEmail: 'A@b.co', terms: true })).toBe(true);
    expect(v.is(StartEmailForm, { email: 'a@b.co', confirmEmail: 'a@b.co', terms: false })).toBe(false);
    expect(v.is(StartSubdomainForm, { organisationSubdomain: 'x'.repeat(START_SUBDOMAIN_MAX + 1) })).toBe(
      false,
    );
    // docs/decisions/product.md: /start accepts 24 characters, so unicef_for_every_child (22) gets through.
    expect(v.is(StartSubdomainForm, { organisationSubdomain: 'unicef_for_every_child' })).toBe(true);
    expect(
      v.is(StartCompanyIdForm, { userLastName: 'x'.repeat(LAST_NAME_MIN - 1), userCompanyId: '1' }),
    ).toBe(false);
    const curator = {
      channelName: 'News',
      channelSubdomain: 'news',
      screenName: 'Ann',
      email: 'a@b.co',
      terms: true,
    };
    expect(v.is(CuratorSignUpForm, { ...curator, password: '1234' })).toBe(false);
    expect(v.is(CuratorSignUpForm, { ...curator, password: '12345' })).toBe(true);
  });
});

/**
 * The fake's registration scenarios through the real api functions (api/registration.ts -> client -> MSW ->
 * errors.ts): invitation, curator sign-up, register by company id, company pages, e-mail confirmation.
 */
import { describe, expect, it } from 'vitest';
import { setupFakeApi } from '../../test/fakeApi';
import { DEFAULT_ORGANISATION_TERMS } from '../contract/organisationTerms';
import { getChannels } from '../lists';
import { getMe } from '../profile';
import {
  checkCompanyId,
  checkCompanyPage,
  checkInvite,
  confirmEmail,
  registerCompanyPage,
  registerCurator,
  registerInvite,
} from '../registration';
import { ACCOUNTS, INVITEES, ORGANISATION_TERMS, TAKEN_SUBDOMAIN, TOKENS, VALID_OTP } from './scenarios';
import { codeOfCall, failureOfCall } from './testing';

setupFakeApi();

const invitee = INVITEES[TOKENS.invite];
const twoFactorInvitee = INVITEES[TOKENS.inviteTwoFactor];

describe('invitation (spec 2 Register, spec 8)', () => {
  it("answers data.user and data.invitee for 'invite-token'", async () => {
    const info = await checkInvite({ token: TOKENS.invite });
    // Acme has no terms of its own: the site's wording and pages.
    expect(info.organisation).toMatchObject({ ...invitee.organisation, terms: DEFAULT_ORGANISATION_TERMS });
    expect(info.user.email).toBe(invitee.email);
    expect(info.invitee).toEqual({ imageUrl: null, screenName: invitee.screenName, email: invitee.email });
    expect(info.channel.url).toBe(`${location.origin}/channel/updates-acme`);
  });

  it('answers invite_token_invalid_error for any other token, on check and on sign-up', async () => {
    expect(await codeOfCall(checkInvite({ token: 'stale' }))).toBe('invite_token_invalid_error');
    const signUp = { token: 'stale', email: invitee.email, password: 'secret', screenName: 'Ivy' };
    expect(await codeOfCall(registerInvite(signUp))).toBe('invite_token_invalid_error');
  });

  it('registers the invitee, logs them in and sends them to the channel', async () => {
    const result = await registerInvite({
      token: TOKENS.invite,
      email: invitee.email,
      password: 'secret',
      screenName: 'Ivy Invitee',
    });
    expect(result.redirectUrl).toBe(`${location.origin}/channel/updates-acme`);
    expect(result.recoveryCodes).toBeUndefined();
    expect((await getMe()).email).toBe(invitee.email);
  });

  it('an invitation works once, as on the server: the same link again is invalid', async () => {
    const signUp = { token: TOKENS.invite, email: invitee.email, password: 'secret', screenName: 'Ivy' };
    await registerInvite(signUp);
    expect(await codeOfCall(checkInvite({ token: TOKENS.invite }))).toBe('invite_token_invalid_error');
    expect(await codeOfCall(registerInvite(signUp))).toBe('invite_token_invalid_error');
  });

  it("answers 'invite-2fa-token' sign-ups with the setup payload, then completes with 123456", async () => {
    const signUp = {
      token: TOKENS.inviteTwoFactor,
      email: twoFactorInvitee.email,
      password: 'secret',
      screenName: 'Tara',
    };
    const failure = await failureOfCall(registerInvite(signUp));
    expect(failure.code).toBe('two_factor_auth_is_not_setup_error');
    expect(failure.twoFactorSetup?.dataURL).toMatch(/^data:image\/png;base64,/);
    const wrongCode = await failureOfCall(registerInvite({ ...signUp, otpCode: '000001' }));
    expect(wrongCode.code).toBe('unknown_auth_otp_code_error');
    // The payload comes with every refusal, as the server sends it.
    expect(wrongCode.twoFactorSetup).toEqual(failure.twoFactorSetup);
    const done = await registerInvite({ ...signUp, otpCode: VALID_OTP });
    expect(done.recoveryCodes?.length).toBeGreaterThan(0);
    expect((await getMe()).twoFactorEnabled).toBe(true);
  });
});

describe('curator sign-up (spec 2 Register, spec 8)', () => {
  const curator = {
    channelName: 'My Channel',
    channelSubdomain: 'mychannel',
    screenName: 'Cora Curator',
    email: 'cora@example.com',
    password: 'secret',
  };

  it('registers, logs in and lists the new channel with the creator as admin', async () => {
    expect(await registerCurator(curator)).toEqual({ redirectUrl: null });
    const me = await getMe();
    expect(me).toMatchObject({ email: curator.email, accountConfirmationPending: true });
    expect(await getChannels()).toEqual([expect.objectContaining({ subdomain: 'mychannel', role: 'admin' })]);
  });

  it("answers channel_subdomain_already_exist_error for 'taken'", async () => {
    expect(await codeOfCall(registerCurator({ ...curator, channelSubdomain: TAKEN_SUBDOMAIN }))).toBe(
      'channel_subdomain_already_exist_error',
    );
  });

  it('answers channel_subdomain_is_malformed_error, with the field, for a malformed subdomain', async () => {
    const failure = await failureOfCall(registerCurator({ ...curator, channelSubdomain: '-bad-' }));
    expect(failure.code).toBe('channel_subdomain_is_malformed_error');
    expect(failure.fieldErrors).toEqual([expect.objectContaining({ field: 'channelSubdomain' })]);
  });

  it('answers email_already_exist_error for an existing e-mail', async () => {
    expect(await codeOfCall(registerCurator({ ...curator, email: ACCOUNTS.user }))).toBe(
      'email_already_exist_error',
    );
  });

  it('answers a field error for a too short password, never echoing it', async () => {
    const failure = await failureOfCall(registerCurator({ ...curator, password: 'abc' }));
    expect(failure.fieldErrors).toEqual([expect.objectContaining({ field: 'password', code: 'string.min' })]);
    expect(JSON.stringify(failure)).not.toContain('abc"');
  });
});

describe('register by company id (spec 2 Start, spec 8)', () => {
  const lit = { organisationSubdomain: 'lit', userLastName: 'Muster', userCompanyId: '1001' };

  it('walks the three steps for a known lit employee', async () => {
    // Every step answers lit's terms checkbox (spec 2 Register), as the server does.
    const answers = [
      await checkCompanyId({ step: 'organisationSubdomain', organisationSubdomain: 'LIT' }),
      await checkCompanyId({ step: 'companyId', ...lit }),
      await checkCompanyId({ step: 'all', ...lit, email: 'new.employee@example.com' }),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ terms: ORGANISATION_TERMS.lit });
    expect(ORGANISATION_TERMS.lit?.termsUrl).toMatch(/^https:\/\/lit\.example\//);
  });

  it("answers the site's own terms for an organisation without any", async () => {
    expect(
      await checkCompanyId({ step: 'organisationSubdomain', organisationSubdomain: 'papier_union' }),
    ).toMatchObject({
      terms: DEFAULT_ORGANISATION_TERMS,
    });
  });

  it('answers registration_company_id_subdomain_not_found_error for an unknown organisation', async () => {
    expect(
      await codeOfCall(checkCompanyId({ step: 'organisationSubdomain', organisationSubdomain: 'nowhere' })),
    ).toBe('registration_company_id_subdomain_not_found_error');
  });

  // unicef_for_every_child (22 characters) is longer than the start form's subdomain limit (spec 5: 3-20), so the
  // start stepper cannot reach it; its company page (below) can.
  it.each([
    'lit',
    'papier_union',
    'inapa_deutschland',
  ])('answers registration_company_id_unknown_company_id_error for an unknown pair in %s', async (organisationSubdomain) => {
    const check = {
      step: 'companyId' as const,
      organisationSubdomain,
      userLastName: 'Muster',
      userCompanyId: '0',
    };
    expect(await codeOfCall(checkCompanyId(check))).toBe('registration_company_id_unknown_company_id_error');
  });

  it('answers user_is_already_confirmed_error (Forbidden user-is-verified) for a confirmed employee', async () => {
    const confirmed = {
      organisationSubdomain: 'papier_union',
      userLastName: 'verified',
      userCompanyId: '9999',
    };
    expect(await codeOfCall(checkCompanyId({ step: 'companyId', ...confirmed }))).toBe(
      'user_is_already_confirmed_error',
    );
  });

  it('names the address an employee is registered or waiting at, masked, as the server does (docs/decisions/security.md: Company-id sign-up races)', async () => {
    const verified = { organisationSubdomain: 'lit', userLastName: 'Verified', userCompanyId: '9999' };
    expect(await failureOfCall(checkCompanyId({ step: 'companyId', ...verified }))).toMatchObject({
      code: 'user_is_already_confirmed_error',
      details: { email: 'v***@e***.com' },
    });
    const pending = { organisationSubdomain: 'lit', userLastName: 'Pending', userCompanyId: '8888' };
    expect(
      await failureOfCall(checkCompanyId({ step: 'all', ...pending, email: 'paula@example.com' })),
    ).toMatchObject({
      code: 'registration_pending_elsewhere_error',
      details: { email: 'm***@e***.example' },
    });
    // A registration made here holds the employee too: a second address is told where the first waits.
    await checkCompanyId({ step: 'all', ...lit, email: 'first@example.com' });
    expect(
      await failureOfCall(checkCompanyId({ step: 'all', ...lit, email: 'second@example.com' })),
    ).toMatchObject({ code: 'registration_pending_elsewhere_error', details: { email: 'f***@e***.com' } });
    // The same address again is the page's 'Send again': ok.
    expect(await checkCompanyId({ step: 'all', ...lit, email: 'first@example.com' })).toBeTruthy();
  });

  it('answers email_already_exist_error and 500 at the e-mail step', async () => {
    expect(await codeOfCall(checkCompanyId({ step: 'all', ...lit, email: ACCOUNTS.user }))).toBe(
      'email_already_exist_error',
    );
    expect(await codeOfCall(checkCompanyId({ step: 'all', ...lit, email: ACCOUNTS.serverError }))).toBe(
      'unknown_server_error',
    );
  });
});

describe('company pages (spec 2: lit, unicef_for_every_child)', () => {
  const unicef = {
    organisationSubdomain: 'unicef_for_every_child' as const,
    userLastName: 'Muster',
    userCompanyId: '2001',
  };

  it("checks and registers a known employee; the same registration again ('Send again') answers ok", async () => {
    expect(await checkCompanyPage(unicef)).toMatchObject({
      terms: ORGANISATION_TERMS.unicef_for_every_child,
    });
    await registerCompanyPage({ ...unicef, email: 'helper@example.com' });
    // Like the server (docs/decisions/product.md: Check your e-mail): the confirmation goes to the same address again.
    await expect(registerCompanyPage({ ...unicef, email: 'helper@example.com' })).resolves.toBeUndefined();
    // Another employee with that address: the address is taken.
    expect(
      await codeOfCall(
        checkCompanyId({
          step: 'all',
          organisationSubdomain: 'lit',
          userLastName: 'Muster',
          userCompanyId: '1001',
          email: 'helper@example.com',
        }),
      ),
    ).toBe('email_already_exist_error');
  });

  it('answers the unknown and the already confirmed employee', async () => {
    expect(await codeOfCall(checkCompanyPage({ ...unicef, userCompanyId: '1' }))).toBe(
      'registration_company_id_unknown_company_id_error',
    );
    expect(
      await codeOfCall(checkCompanyPage({ ...unicef, userLastName: 'Verified', userCompanyId: '9999' })),
    ).toBe('user_is_already_confirmed_error');
  });
});

describe('confirm e-mail (spec 2 Confirm, spec 8)', () => {
  it.each([
    [TOKENS.confirmEmail, { boardingMethod: 'email', organisationSubdomain: null }],
    [TOKENS.confirmLit, { boardingMethod: 'companyId', organisationSubdomain: 'lit' }],
    [TOKENS.confirmUnicef, { boardingMethod: 'companyId', organisationSubdomain: 'unicef_for_every_child' }],
    [TOKENS.confirmCompany, { boardingMethod: 'companyId', organisationSubdomain: 'papier_union' }],
  ])('confirms %s', async (token, result) => {
    expect(await confirmEmail({ token })).toMatchObject(result);
  });

  it("answers user_is_already_confirmed_error for 'confirm-confirmed'", async () => {
    expect(await codeOfCall(confirmEmail({ token: TOKENS.confirmConfirmed }))).toBe(
      'user_is_already_confirmed_error',
    );
  });

  it('answers user_confirm_token_invalid_error for any other token', async () => {
    expect(await codeOfCall(confirmEmail({ token: 'confirm-nothing' }))).toBe(
      'user_confirm_token_invalid_error',
    );
  });
});

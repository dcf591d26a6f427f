import { eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OkAnswerWire } from '../../api/contract/common';
import { FORBIDDEN_USER_IS_VERIFIED, PendingElsewhereDetailsWire } from '../../api/contract/errorShapes';
import { ORGANISATION_ROLE_IDS } from '../../api/contract/limits';
import { DEFAULT_ORGANISATION_TERMS } from '../../api/contract/organisationTerms';
import { API_PATHS } from '../../api/contract/paths';
import { CompanyCheckAnswerWire, ConfirmAnswerWire } from '../../api/contract/registration';
import { companyEmployees, memberships, organisations, users } from '../db/schema';
import { RECIPIENT_MAIL_LIMITS } from '../mail/recipientLimit';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { runTermsCommand } from '../terms/command';
import { createOrganisation, createUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { TOKEN_TTL_MS } from '../tokens';

const COMPANY_ID = API_PATHS.checkCompanyId.path;
const PAGE_CHECK = API_PATHS.checkCompanyPage.path;
const PAGE_REGISTER = API_PATHS.registerCompanyPage.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  for (const subdomain of ['papier_union', 'lit']) {
    const organisation = await createOrganisation(t.db, { subdomain, name: subdomain });
    await t.db.insert(companyEmployees).values({
      organisationId: organisation.id,
      firstName: 'Paula',
      lastName: 'Papier',
      companyId: 'PU-1',
    });
  }
});
afterAll(() => t.close());

const step = {
  organisationSubdomain: (organisationSubdomain = 'papier_union') => ({
    step: 'organisationSubdomain',
    organisationSubdomain,
  }),
  companyId: (changes: Record<string, string> = {}) => ({
    step: 'companyId',
    organisationSubdomain: 'papier_union',
    companyId: 'PU-1',
    lastName: 'Papier',
    ...changes,
  }),
  all: (changes: Record<string, string> = {}) => ({
    step: 'all',
    organisationSubdomain: 'papier_union',
    companyId: 'PU-1',
    lastName: 'Papier',
    email: 'paula@example.com',
    ...changes,
  }),
};

const confirmLink = async (email: string) => {
  const [mail] = await t.mailbox(email);
  const link = mail?.links.find((candidate) => candidate.includes('/confirm?'));
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
};

describe('POST /api/confirm/user_company_id, step organisationSubdomain', () => {
  it('answers ok for a known organisation, in any case', async () => {
    for (const subdomain of ['papier_union', 'Papier_Union']) {
      const response = await t.client().post(COMPANY_ID, step.organisationSubdomain(subdomain));
      expect(response.status).toBe(200);
      expect(v.parse(OkAnswerWire, response.body)).toEqual({ ok: true });
    }
  });

  it('answers registration_company_id_subdomain_not_found_error for an unknown one', async () => {
    const response = await t.client().post(COMPANY_ID, step.organisationSubdomain('nowhere'));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'registration_company_id_subdomain_not_found_error' });
  });

  it('answers a FieldValidationError for a subdomain outside 3-20 or an unknown step', async () => {
    const short = await t.client().post(COMPANY_ID, step.organisationSubdomain('ab'));
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ errors: [{ code: 'string.min', path: 'organisationSubdomain' }] });
    const unknownStep = await t
      .client()
      .post(COMPANY_ID, { step: 'later', organisationSubdomain: 'papier_union' });
    expect(unknownStep.status).toBe(400);
  });
});

describe('POST /api/confirm/user_company_id, step companyId', () => {
  it('answers ok for a matching company id and last name (name in any case)', async () => {
    const response = await t.client().post(COMPANY_ID, step.companyId({ lastName: ' papier ' }));
    expect(response.status).toBe(200);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('answers registration_company_id_unknown_company_id_error for a wrong id or name', async () => {
    const wrong: Record<string, string>[] = [{ companyId: 'PU-2' }, { lastName: 'Someone' }];
    for (const changes of wrong) {
      const response = await t.client().post(COMPANY_ID, step.companyId(changes));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'registration_company_id_unknown_company_id_error' });
    }
  });

  it('answers registration_company_id_subdomain_not_found_error when the organisation is unknown', async () => {
    const response = await t.client().post(COMPANY_ID, step.companyId({ organisationSubdomain: 'nowhere' }));
    expect(response.body).toEqual({ code: 'registration_company_id_subdomain_not_found_error' });
  });
});

describe('POST /api/confirm/user_company_id, step all', () => {
  it('creates an unconfirmed team member and mails a confirmation whose boarding is companyId', async () => {
    const response = await t.client().post(COMPANY_ID, step.all());
    expect(response.status).toBe(200);
    const [user] = await t.db.select().from(users);
    expect(user).toMatchObject({ email: 'paula@example.com', screenName: 'Paula Papier', confirmedAt: null });
    const [employee] = await t.db
      .select()
      .from(companyEmployees)
      .where(eq(companyEmployees.userId, user?.id ?? 0));
    expect(employee?.companyId).toBe('PU-1');
    const [membership] = await t.db.select().from(memberships);
    expect(membership?.roleId).toBe(ORGANISATION_ROLE_IDS['team-member']);

    const token = await confirmLink('paula@example.com');
    const confirmed = await t.client().get(API_PATHS.confirmEmail.path, { query: { token } });
    expect(confirmed.status).toBe(200);
    expect(v.parse(ConfirmAnswerWire, confirmed.body)).toEqual({
      boarding: 'companyId',
      organisationSubdomain: 'papier_union',
      // Its branding: the fixture's name, no logo, no accent (docs/decisions/product.md: Organisation branding comes from its data).
      organisation: { name: 'papier_union', logoUrl: null, accent: null },
    });
    // Confirming sends a welcome with the link to choose a password (docs/decisions/product.md: Company-id sign-up: a link to set a password),
    // valid for the days onboarding takes, not the hour of a reset; never a password.
    const [passwordMail] = await t.mailbox('paula@example.com');
    expect(passwordMail?.links[0]).toMatch(/\/forgot_password_set\?token=/);
    expect(passwordMail?.subject).toMatch(/^Welcome to .+: set your password$/);
    expect(passwordMail?.text).toContain('7 days');
    expect(passwordMail?.text).not.toMatch(/if you did not ask for this/i);
    t.clock.advance(2 * 24 * 60 * 60_000);
    const setToken = new URL(passwordMail!.links[0]!).searchParams.get('token')!;
    expect(
      (await t.client().get(API_PATHS.checkResetToken.path, { query: { token: setToken } })).status,
    ).toBe(200);
  });

  it('answers user_is_already_confirmed_error once the employee has confirmed, at steps companyId and all', async () => {
    await t.client().post(COMPANY_ID, step.all());
    await t
      .client()
      .get(API_PATHS.confirmEmail.path, { query: { token: await confirmLink('paula@example.com') } });
    for (const body of [step.companyId(), step.all()]) {
      const response = await t.client().post(COMPANY_ID, body);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        code: 'user_is_already_confirmed_error',
        ...FORBIDDEN_USER_IS_VERIFIED,
        details: { email: 'p***@e***.com' },
      });
    }
  });

  it('keeps a pending registration at its address when the employee is registered again with another; both sides are told', async () => {
    await t.client().post(COMPANY_ID, step.all());
    const firstLink = await confirmLink('paula@example.com');
    t.clock.advance(60_000);
    const takeover = await t.client().post(COMPANY_ID, step.all({ email: 'attacker@example.com' }));
    // The second caller is told that a registration waits, and where, masked (docs/decisions/security.md: Company-id
    // sign-up races): no silent ok.
    expect(takeover.status).toBe(409);
    expect(takeover.body).toEqual({
      code: 'registration_pending_elsewhere_error',
      details: { email: 'p***@e***.com' },
    });
    expect(v.parse(PendingElsewhereDetailsWire, (takeover.body as { details: unknown }).details)).toEqual({
      email: 'p***@e***.com',
    });
    expect((await t.db.select().from(users)).map((user) => user.email)).toEqual(['paula@example.com']);
    expect(await t.mailbox('attacker@example.com')).toEqual([]);
    // The first address is told, and the mail carries a fresh confirmation link; the earlier link still works too.
    const [notice] = await t.mailbox('paula@example.com');
    expect(notice?.subject).toBe('Your registration with papier_union');
    expect(notice?.text).toContain('another e-mail address');
    const freshLink = await confirmLink('paula@example.com');
    expect(freshLink).not.toBe(firstLink);
    const confirmed = await t.client().get(API_PATHS.confirmEmail.path, { query: { token: firstLink } });
    expect(confirmed.body).toEqual({
      boarding: 'companyId',
      organisationSubdomain: 'papier_union',
      organisation: { name: 'papier_union', logoUrl: null, accent: null },
    });
    // The employee's account, at the employee's address, holds the organisation role.
    const [employee] = await t.db.select().from(companyEmployees).where(isNotNull(companyEmployees.userId));
    const [account] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, employee?.userId ?? 0));
    expect(account).toMatchObject({ email: 'paula@example.com' });
    expect(account?.confirmedAt).not.toBeNull();
  });

  it('tells the employee who comes second that an intruder’s registration waits, and once it is confirmed, where it was confirmed (masked)', async () => {
    // The intruder knows the company id and the last name, not Paula's mailbox, and comes first.
    const intruder = await t.client().post(COMPANY_ID, step.all({ email: 'mallory@evil.example' }));
    expect(intruder.status).toBe(200);
    const intruderLink = await confirmLink('mallory@evil.example');
    // Paula's tries are no longer a silent ok that mails only the intruder: she reads where it waits.
    for (const body of [step.all(), step.all({ email: 'Paula.Other@Example.com' })]) {
      const paula = await t.client().post(COMPANY_ID, body);
      expect(paula.status).toBe(409);
      expect(paula.body).toEqual({
        code: 'registration_pending_elsewhere_error',
        details: { email: 'm***@e***.example' },
      });
    }
    expect(await t.mailbox('paula@example.com')).toEqual([]);
    // The intruder confirms; the employee, coming back, is told at the company id step already, masked.
    await t.client().get(API_PATHS.confirmEmail.path, { query: { token: intruderLink } });
    for (const body of [step.companyId(), step.all()]) {
      const later = await t.client().post(COMPANY_ID, body);
      expect(later.status).toBe(403);
      expect(later.body).toEqual({
        code: 'user_is_already_confirmed_error',
        ...FORBIDDEN_USER_IS_VERIFIED,
        details: { email: 'm***@e***.example' },
      });
    }
  });

  it('answers a takeover with another account’s address like any other address: pending elsewhere, and moves nothing', async () => {
    await t.client().post(COMPANY_ID, step.all());
    await createUser(t.db, { email: 'taken@example.com' });
    const again = await t.client().post(COMPANY_ID, step.all({ email: 'taken@example.com' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'registration_pending_elsewhere_error' });
    expect(
      (await t.db.select().from(users).where(eq(users.email, 'paula@example.com'))).map((user) => user.email),
    ).toEqual(['paula@example.com']);
  });

  it('tells the first address at most the per-recipient share of confirmation mails, however often the takeover is tried', async () => {
    await t.client().post(COMPANY_ID, step.all());
    for (let n = 0; n < 10; n += 1) {
      const response = await t.client().post(COMPANY_ID, step.all({ email: `attacker${n}@example.com` }));
      expect(response.status).toBe(409);
    }
    expect(await t.mailbox('paula@example.com')).toHaveLength(RECIPIENT_MAIL_LIMITS[0]?.max ?? 0);
    expect((await t.db.select().from(users)).map((user) => user.email)).toEqual(['paula@example.com']);
  });

  it("the confirmation mail carries the organisation's name and accent in its HTML part; the text part stays plain", async () => {
    await t.db
      .update(organisations)
      .set({ name: 'Papier & Union', accent: '#00aa77' })
      .where(eq(organisations.subdomain, 'papier_union'));
    await t.client().post(COMPANY_ID, step.all());
    const [mail] = await t.mailbox('paula@example.com');
    // docs/decisions/product.md: Organisation branding comes from its data. No logo: the name alone, no image.
    expect(mail?.html).toContain('border-left:4px solid #00a271');
    expect(mail?.html).toContain('Papier &#38; Union</p>');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.text).not.toContain('Papier & Union');
    expect(mail?.links[0]).toMatch(/\/confirm\?token=/);
  });

  it('moves a pending registration to a new address only once no confirmation link is live (a typo noticed late)', async () => {
    await t.client().post(COMPANY_ID, step.all({ email: 'typo@example.con' }));
    t.clock.advance(TOKEN_TTL_MS.confirm + 1);
    const again = await t.client().post(COMPANY_ID, step.all());
    expect(again.status).toBe(200);
    const all = await t.db.select().from(users);
    expect(all.map((user) => user.email)).toEqual(['paula@example.com']);
    expect(await confirmLink('paula@example.com')).not.toBe('');
  });

  it('answers email_already_exist_error for another account’s address', async () => {
    await createUser(t.db, { email: 'paula@example.com' });
    const response = await t.client().post(COMPANY_ID, step.all({ email: 'Paula@Example.com' }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'email_already_exist_error' });
    const [employee] = await t.db
      .select()
      .from(companyEmployees)
      .where(eq(companyEmployees.companyId, 'PU-1'));
    expect(employee?.userId).toBeNull();
  });

  it('checks the organisation and the employee first', async () => {
    expect((await t.client().post(COMPANY_ID, step.all({ organisationSubdomain: 'nowhere' }))).body).toEqual({
      code: 'registration_company_id_subdomain_not_found_error',
    });
    expect((await t.client().post(COMPANY_ID, step.all({ companyId: 'x' }))).body).toEqual({
      code: 'registration_company_id_unknown_company_id_error',
    });
    expect(await t.db.select().from(users)).toHaveLength(0);
  });
});

describe('company pages (lit, unicef_for_every_child)', () => {
  const page = { organisationSubdomain: 'lit', userCompanyId: 'PU-1', userLastName: 'Papier' };

  it('POST /api/company/check answers ok or the unknown company id error', async () => {
    expect((await t.client().post(PAGE_CHECK, page)).status).toBe(200);
    // The pages ask for the full name (spec 2): it matches too, in any case and spacing; a wrong first name does not.
    expect((await t.client().post(PAGE_CHECK, { ...page, userLastName: ' paula   PAPIER ' })).status).toBe(
      200,
    );
    expect((await t.client().post(PAGE_CHECK, { ...page, userLastName: 'Petra Papier' })).status).toBe(404);
    const wrong = await t.client().post(PAGE_CHECK, { ...page, userCompanyId: 'nope' });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ code: 'registration_company_id_unknown_company_id_error' });
  });

  it('POST /api/company/check only knows the company-page organisations', async () => {
    const response = await t.client().post(PAGE_CHECK, { ...page, organisationSubdomain: 'papier_union' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ code: 'any.only', path: 'organisationSubdomain' }] });
  });

  it('POST /api/company/check answers subdomain not found when the organisation has no row yet', async () => {
    const response = await t
      .client()
      .post(PAGE_CHECK, { ...page, organisationSubdomain: 'unicef_for_every_child' });
    expect(response.body).toEqual({ code: 'registration_company_id_subdomain_not_found_error' });
  });

  it('POST /api/company/register registers and mails the confirmation; a second time after confirming is refused', async () => {
    const response = await t.client().post(PAGE_REGISTER, { ...page, email: 'lena@example.com' });
    expect(response.status).toBe(200);
    const token = await confirmLink('lena@example.com');
    const confirmed = await t.client().get(API_PATHS.confirmEmail.path, { query: { token } });
    expect(confirmed.body).toEqual({
      boarding: 'companyId',
      organisationSubdomain: 'lit',
      organisation: { name: 'lit', logoUrl: null, accent: null },
    });
    const again = await t.client().post(PAGE_REGISTER, { ...page, email: 'lena@example.com' });
    expect(again.body).toMatchObject({ code: 'user_is_already_confirmed_error' });
  });

  it('POST /api/company/register answers email_already_exist_error for a taken address', async () => {
    await createUser(t.db, { email: 'lena@example.com' });
    const response = await t.client().post(PAGE_REGISTER, { ...page, email: 'lena@example.com' });
    expect(response.body).toEqual({ code: 'email_already_exist_error' });
  });
});

describe("the organisation's terms checkbox in the checks' answers (spec 2 Register)", () => {
  const page = { organisationSubdomain: 'lit', userCompanyId: 'PU-1', userLastName: 'Papier' };
  const termsOf = (body: unknown) => v.parse(CompanyCheckAnswerWire, body).terms;
  const setTerms = (...options: string[]) =>
    runTermsCommand(['set', '--organisation', 'lit', ...options], {
      db: t.db,
      now: t.clock.now(),
      print: () => {},
    });

  it("answers the site's own wording and pages for an organisation without terms of its own", async () => {
    const response = await t.client().post(COMPANY_ID, step.organisationSubdomain());
    expect(response.body).toEqual({
      ok: true,
      terms: DEFAULT_ORGANISATION_TERMS,
      brand: { name: 'papier_union', logoUrl: null, accent: null },
    });
  });

  it('answers what an operator set, at every step of the start and on the company page', async () => {
    await setTerms('--wording', 'lit', '--terms-url', 'https://lit.example/terms');
    const terms = { wording: 'lit', termsUrl: 'https://lit.example/terms', privacyUrl: null };
    const lit = { organisationSubdomain: 'LIT' };
    expect(termsOf((await t.client().post(COMPANY_ID, step.organisationSubdomain('LIT'))).body)).toEqual(
      terms,
    );
    expect(termsOf((await t.client().post(COMPANY_ID, step.companyId(lit))).body)).toEqual(terms);
    expect(termsOf((await t.client().post(PAGE_CHECK, page)).body)).toEqual(terms);
    expect(termsOf((await t.client().post(COMPANY_ID, step.all(lit))).body)).toEqual(terms);
    // The company page's registration answers as before: ok alone.
    const registered = await t.client().post(PAGE_REGISTER, { ...page, email: 'paula@example.com' });
    expect(registered.body).toEqual({ ok: true });
  });

  it('answers a stored value the contract refuses (a row edited by hand) as the site’s own', async () => {
    await t.db
      .update(organisations)
      .set({
        termsWording: 'lit',
        termsUrl: 'javascript:alert(1)',
        privacyUrl: 'https://lit.example/privacy',
      })
      .where(eq(organisations.subdomain, 'lit'));
    expect(termsOf((await t.client().post(COMPANY_ID, step.organisationSubdomain('lit'))).body)).toEqual({
      wording: 'lit',
      termsUrl: null,
      privacyUrl: 'https://lit.example/privacy',
    });
  });

  it('leaves the refusals as they were: an unknown organisation, an unknown employee', async () => {
    const unknown = await t.client().post(COMPANY_ID, step.organisationSubdomain('nowhere'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'registration_company_id_subdomain_not_found_error' });
    const stranger = await t.client().post(PAGE_CHECK, { ...page, userCompanyId: 'nope' });
    expect(stranger.body).toEqual({ code: 'registration_company_id_unknown_company_id_error' });
  });
});

it('the company-id calls share the companyId rate limit per address', async () => {
  const limited = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
  try {
    const client = limited.client();
    const calls = [COMPANY_ID, PAGE_CHECK, PAGE_REGISTER];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.companyId.max; i++) {
      expect((await client.post(calls[i % calls.length] ?? COMPANY_ID, {})).status).toBe(400);
    }
    const over = await client.post(COMPANY_ID, step.organisationSubdomain());
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited_error' });
  } finally {
    await limited.close();
  }
});

import { count, eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDED_TERMS_ORGANISATIONS } from '../api/contract/limits';
import { DEFAULT_ORGANISATION_TERMS } from '../api/contract/organisationTerms';
import { API_PATHS } from '../api/contract/paths';
import { CheckInviteAnswerWire, CompanyCheckAnswerWire } from '../api/contract/registration';
import * as schema from './db/schema';
import { DEV_MAILBOX_PATH } from './routes/dev';
import {
  DEMO_ACCOUNTS,
  DEMO_CHANNELS,
  DEMO_EMPLOYEES,
  DEMO_INVITATIONS,
  DEMO_ORGANISATION_TERMS,
  DEMO_ORGANISATIONS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  INVITEE_EMAIL,
  SECURE_ORGANISATION,
  seedDemoData,
  TWO_FACTOR_INVITEE_EMAIL,
} from './seed';
import { LARGE_CHANNELS_PER_ORGANISATION, LARGE_ORGANISATIONS, LARGE_USER_EMAIL } from './seedLargeUser';
import { runTermsCommand } from './terms/command';
import { currentCode } from './test/fixtures';
import { createTestApp, type TestApp } from './test/testApp';

const TABLES = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [value] : []));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { config: t.config, clock: t.clock, mailer: t.deps.mailer });
});
afterAll(() => t.close());

const rowCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => {
        const [row] = await t.db.select({ n: count() }).from(table);
        return [getTableName(table), row?.n ?? 0] as const;
      }),
    ),
  );

const login = (email: string, extra: Record<string, string> = {}) =>
  t.client().post(API_PATHS.login.path, { email, pwd: DEMO_PASSWORD, ...extra });

describe('seedDemoData', () => {
  it('gives the large demo user 2,000 channels (some archived) and 500 organisations', async () => {
    const client = t.client();
    await client.post(API_PATHS.login.path, { email: LARGE_USER_EMAIL, pwd: DEMO_PASSWORD });
    const channels = await client.get<Array<{ archived: boolean }>>(API_PATHS.getChannels.path);
    expect(channels.body).toHaveLength(2000);
    expect(channels.body.some((channel) => channel.archived)).toBe(true);
    const organisations = await client.get<{ data: unknown[] }>(API_PATHS.getOrganisations.path);
    expect(organisations.body.data).toHaveLength(500);
  });

  it('is idempotent: a second and third run change no row count', async () => {
    const first = await rowCounts();
    expect(first).toMatchObject({
      organisations: DEMO_ORGANISATIONS.length + LARGE_ORGANISATIONS,
      channels: DEMO_CHANNELS.length + LARGE_ORGANISATIONS * LARGE_CHANNELS_PER_ORGANISATION,
      users: DEMO_ACCOUNTS.length,
      company_employees: DEMO_EMPLOYEES.length,
      invitations: DEMO_INVITATIONS.length,
      mail_outbox: DEMO_INVITATIONS.length,
    });
    await seedDemoData(t.db, { config: t.config, clock: t.clock, mailer: t.deps.mailer });
    t.clock.advance(60_000);
    await seedDemoData(t.db, { config: t.config, clock: t.clock, mailer: t.deps.mailer });
    expect(await rowCounts()).toEqual(first);
  });

  it('seeds the organisations of spec 9, with secure enforcing two-factor', async () => {
    const rows = (await t.db.select().from(schema.organisations)).filter(
      (row) => !row.subdomain.startsWith('large'),
    );
    expect(rows.map((row) => row.subdomain).sort()).toEqual(
      [
        'ceramtec',
        'inapa_deutschland',
        'lit',
        'papier_union',
        'secure',
        'unicef_for_every_child',
        'welcome',
        'wernsing_food_family',
      ].sort(),
    );
    expect(rows.filter((row) => row.enforcesTwoFactor).map((row) => row.subdomain)).toEqual(['secure']);
  });

  it('curator@example.com signs in without a code and administers a channel', async () => {
    const response = await login('curator@example.com');
    expect(response.status).toBe(200);
    const client = t.client();
    await client.post(API_PATHS.login.path, { email: 'curator@example.com', pwd: DEMO_PASSWORD });
    const channels = await client.get<Array<{ role: string; subdomain: string; archived: boolean }>>(
      API_PATHS.getChannels.path,
    );
    expect(channels.body).toContainEqual(expect.objectContaining({ subdomain: 'demo', role: 'admin' }));
  });

  it('curator@example.com holds three channels of three creators, one archived (the lists demo)', async () => {
    const client = t.client();
    await client.post(API_PATHS.login.path, { email: 'curator@example.com', pwd: DEMO_PASSWORD });
    const channels = await client.get<
      Array<{ subdomain: string; role: string; archived: boolean; ownerName: string; created: string }>
    >(API_PATHS.getChannels.path);
    const bySubdomain = Object.fromEntries(channels.body.map((c) => [c.subdomain, c]));
    expect(Object.keys(bySubdomain).sort()).toEqual(['demo', 'stories', 'updates']);
    expect(bySubdomain.stories).toMatchObject({ role: 'reader', archived: true, ownerName: 'Sam Staff' });
    expect(bySubdomain.updates).toMatchObject({ role: 'editor', archived: false, ownerName: 'Toni Totp' });
    expect(new Set(channels.body.map((c) => c.created)).size).toBe(3);
  });

  it('staff@example.com may create organisations', async () => {
    const client = t.client();
    await client.post(API_PATHS.login.path, { email: 'staff@example.com', pwd: DEMO_PASSWORD });
    const created = await client.post(API_PATHS.createOrganisation.path, {
      name: 'Demo Org',
      subdomain: 'demoorg',
    });
    expect(created.status).toBe(201);
  });

  it(`totp@example.com needs the code of ${DEMO_TOTP_SECRET}`, async () => {
    expect((await login('totp@example.com')).body).toEqual({ code: 'auth_otp_code_is_required_error' });
    const response = await login('totp@example.com', { otp: currentCode(t, DEMO_TOTP_SECRET) });
    expect(response.status).toBe(200);
  });

  it('enforced@example.com is asked to set two-factor up (member of secure)', async () => {
    const response = await login('enforced@example.com');
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'two_factor_auth_is_not_setup_error' });
  });

  it('the invitation mail for invitee@example.com is in the dev mailbox, and its link checks out', async () => {
    const mails = await t.client().get<Array<{ subject: string; links: string[] }>>(DEV_MAILBOX_PATH, {
      query: { to: INVITEE_EMAIL },
    });
    expect(mails.status).toBe(200);
    expect(mails.body).toHaveLength(1);
    const link = new URL(mails.body[0]?.links[0] ?? '');
    expect(link.pathname).toBe('/register');
    const token = link.searchParams.get('token') ?? '';
    const invite = await t
      .client()
      .get<{ data: { user: { email: string }; channel: { subdomain: string } } }>(
        API_PATHS.checkInvite.path,
        { query: { token } },
      );
    expect(invite.status).toBe(200);
    expect(invite.body.data.user.email).toBe(INVITEE_EMAIL);
    expect(invite.body.data.channel.subdomain).toBe('demo');
    // welcome has no terms of its own: the site's wording and pages (spec 2 Register).
    const answer = v.parse(CheckInviteAnswerWire, invite.body);
    expect(answer.data?.organisation.terms).toEqual(DEFAULT_ORGANISATION_TERMS);
  });

  it(`the invitation mail for ${TWO_FACTOR_INVITEE_EMAIL} leads into ${SECURE_ORGANISATION}, whose sign-up sets two-factor up`, async () => {
    const mails = await t.client().get<Array<{ subject: string; links: string[] }>>(DEV_MAILBOX_PATH, {
      query: { to: TWO_FACTOR_INVITEE_EMAIL },
    });
    expect(mails.body).toHaveLength(1);
    const token = new URL(mails.body[0]?.links[0] ?? '').searchParams.get('token') ?? '';
    const invite = await t
      .client()
      .get<{ data: { organisation: { subdomain: string } } }>(API_PATHS.checkInvite.path, {
        query: { token },
      });
    expect(invite.body.data.organisation.subdomain).toBe(SECURE_ORGANISATION);
    const signUp = await t.client().post(API_PATHS.registerInvite.path, {
      token,
      email: TWO_FACTOR_INVITEE_EMAIL,
      pwd: 'invitee-password',
      screenName: 'Tara',
    });
    expect(signUp.status).toBe(403);
    expect(signUp.body).toMatchObject({ code: 'two_factor_auth_is_not_setup_error' });
  });

  it('employees can start a company-id sign-up', async () => {
    for (const employee of DEMO_EMPLOYEES) {
      const response = await t.client().post(API_PATHS.checkCompanyId.path, {
        step: 'companyId',
        organisationSubdomain: employee.organisation,
        companyId: employee.companyId,
        lastName: employee.lastName,
      });
      // unicef_for_every_child is longer than the start stepper's 20 characters: its own page checks it.
      if (employee.organisation.length > 20) {
        const page = await t.client().post(API_PATHS.checkCompanyPage.path, {
          organisationSubdomain: employee.organisation,
          userCompanyId: employee.companyId,
          userLastName: employee.lastName,
        });
        expect(page.status, employee.companyId).toBe(200);
      } else {
        expect(response.status, employee.companyId).toBe(200);
      }
    }
  });

  it("the four branded organisations answer their wording and addresses on the reserved .example domain; the others the site's", async () => {
    expect(Object.keys(DEMO_ORGANISATION_TERMS).sort()).toEqual([...BRANDED_TERMS_ORGANISATIONS].sort());
    const termsAt = async (organisationSubdomain: string) => {
      const response = await t
        .client()
        .post(API_PATHS.checkCompanyId.path, { step: 'organisationSubdomain', organisationSubdomain });
      expect(response.status, organisationSubdomain).toBe(200);
      return v.parse(CompanyCheckAnswerWire, response.body).terms;
    };
    for (const [subdomain, terms] of Object.entries(DEMO_ORGANISATION_TERMS)) {
      expect(terms.wording).toBe(subdomain);
      for (const address of [terms.termsUrl, terms.privacyUrl])
        expect(new URL(address ?? '').hostname).toMatch(/\.example$/);
      expect(await termsAt(subdomain)).toEqual(terms);
    }
    for (const subdomain of ['welcome', 'papier_union', SECURE_ORGANISATION])
      expect(await termsAt(subdomain)).toEqual(DEFAULT_ORGANISATION_TERMS);
    // The company page's check carries them too.
    const amara = DEMO_EMPLOYEES.find((employee) => employee.organisation === 'unicef_for_every_child');
    const page = await t.client().post(API_PATHS.checkCompanyPage.path, {
      organisationSubdomain: 'unicef_for_every_child',
      userCompanyId: amara?.companyId,
      userLastName: amara?.lastName,
    });
    expect(v.parse(CompanyCheckAnswerWire, page.body).terms).toEqual(
      DEMO_ORGANISATION_TERMS.unicef_for_every_child,
    );
  });

  it('a start keeps what an operator set or cleared, and fills in the demo terms no operator touched', async () => {
    await runTermsCommand(['clear', '--organisation', 'ceramtec'], {
      db: t.db,
      now: t.clock.now(),
      print: () => {},
    });
    // A data directory from before the terms: wernsing_food_family has the migration's defaults.
    await t.db
      .update(schema.organisations)
      .set({ termsWording: 'default', termsUrl: null, privacyUrl: null })
      .where(eq(schema.organisations.subdomain, 'wernsing_food_family'));
    await seedDemoData(t.db, { config: t.config, clock: t.clock, mailer: t.deps.mailer });
    const rows = await t.db.select().from(schema.organisations);
    const termsOf = (subdomain: string) => {
      const row = rows.find((candidate) => candidate.subdomain === subdomain);
      return row && { wording: row.termsWording, termsUrl: row.termsUrl, privacyUrl: row.privacyUrl };
    };
    expect(termsOf('ceramtec')).toEqual(DEFAULT_ORGANISATION_TERMS);
    expect(termsOf('wernsing_food_family')).toEqual(DEMO_ORGANISATION_TERMS.wernsing_food_family);
  });
});

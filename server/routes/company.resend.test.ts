/**
 * 'Send again' on the end of the company-id sign-ups (docs/decisions/product.md: Check your e-mail): the page sends the
 * same registration once more. What the server does with it, seen as an attacker would look at it: it mails the
 * confirmation again to the address the employee's pending account holds and to nobody else, counted by the
 * per-recipient mail limit and the per-address limit, and it answers what the first registration answered, so
 * it tells nothing the registration did not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { companyEmployees, users } from '../db/schema';
import { RECIPIENT_MAIL_LIMITS } from '../mail/recipientLimit';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { createOrganisation } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const COMPANY_ID = API_PATHS.checkCompanyId.path;
const PAGE_REGISTER = API_PATHS.registerCompanyPage.path;
const CONFIRM = API_PATHS.confirmEmail.path;
const MINUTE = 60_000;
const [PER_QUARTER_HOUR] = RECIPIENT_MAIL_LIMITS;

const registration = {
  step: 'all',
  organisationSubdomain: 'papier_union',
  companyId: 'PU-1',
  lastName: 'Papier',
  email: 'paula@example.com',
};
const pageRegistration = {
  organisationSubdomain: 'lit',
  userCompanyId: 'PU-1',
  userLastName: 'Paula Papier',
  email: 'paula@example.com',
};

const seedEmployees = async (t: TestApp) => {
  for (const subdomain of ['papier_union', 'lit']) {
    const organisation = await createOrganisation(t.db, { subdomain, name: subdomain });
    await t.db.insert(companyEmployees).values({
      organisationId: organisation.id,
      firstName: 'Paula',
      lastName: 'Papier',
      companyId: 'PU-1',
    });
  }
};

const confirmTokens = async (t: TestApp, email: string) =>
  (await t.mailbox(email))
    .flatMap((mail) => mail.links)
    .filter((link) => link.includes('/confirm?'))
    .map((link) => new URL(link).searchParams.get('token') ?? '');

describe("company-id sign-up: the same registration again ('Send again')", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    await seedEmployees(t);
  });
  afterAll(() => t.close());

  it.each([
    ['/start', COMPANY_ID, registration],
    ['/lit and /unicef', PAGE_REGISTER, pageRegistration],
  ])('%s: mails a fresh confirmation link to the same address only, answering as the registration did', async (_page, path, body) => {
    const first = await t.client().post(path, body);
    expect(first.status).toBe(200);
    t.clock.advance(MINUTE);
    const again = await t.client().post(path, body);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const [fresh, earlier] = await confirmTokens(t, 'paula@example.com');
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(earlier);
    // Nobody else was mailed, and the account stays the one pending account at that address.
    expect(new Set(t.delivered.map((mail) => mail.to))).toEqual(new Set(['paula@example.com']));
    expect((await t.db.select().from(users)).map((user) => user.email)).toEqual(['paula@example.com']);
    // The earlier link keeps working: a mail that arrives late still confirms.
    const confirmed = await t.client().get(CONFIRM, { query: { token: earlier ?? '' } });
    expect(confirmed.status).toBe(200);
  });

  it('is counted by the per-recipient mail limit: past it no mail and no token, and the same answer', async () => {
    const first = await t.client().post(COMPANY_ID, registration);
    const answers = [];
    for (let n = 0; n < 4; n += 1) {
      t.clock.advance(MINUTE);
      answers.push(await t.client().post(COMPANY_ID, registration));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(first.status);
      expect(answer.body).toEqual(first.body);
    }
    expect(await t.mailbox('paula@example.com')).toHaveLength(PER_QUARTER_HOUR?.max ?? 0);
    // Once the window has passed, 'Send again' mails again.
    t.clock.advance(PER_QUARTER_HOUR?.windowMs ?? 0);
    await t.client().post(COMPANY_ID, registration);
    expect(await t.mailbox('paula@example.com')).toHaveLength((PER_QUARTER_HOUR?.max ?? 0) + 1);
  });

  it('once the employee has confirmed, answers what the company-id step answers anyone, and mails nothing', async () => {
    await t.client().post(COMPANY_ID, registration);
    const [token] = await confirmTokens(t, 'paula@example.com');
    await t.client().get(CONFIRM, { query: { token: token ?? '' } });
    const mailsBefore = t.delivered.length;
    const again = await t.client().post(COMPANY_ID, registration);
    const check = await t.client().post(COMPANY_ID, { ...registration, step: 'companyId', email: undefined });
    expect(again.status).toBe(403);
    expect(again.body).toEqual(check.body);
    expect(t.delivered).toHaveLength(mailsBefore);
  });
});

describe("company-id sign-up: 'Send again' and the per-address limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
    await seedEmployees(t);
  });
  afterAll(() => t.close());

  it('shares the companyId limit per calling address with the registration and its checks', async () => {
    const client = t.client();
    const max = DEFAULT_RATE_LIMITS.companyId.max;
    for (let n = 0; n < max; n += 1) expect((await client.post(COMPANY_ID, registration)).status).toBe(200);
    const over = await client.post(COMPANY_ID, registration);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited_error' });
    // The recipient's share held the mails to a few, however many calls the address made.
    expect(await t.mailbox('paula@example.com')).toHaveLength(PER_QUARTER_HOUR?.max ?? 0);
  });
});

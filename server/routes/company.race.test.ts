/**
 * Company-id sign-up races (docs/decisions/security.md: Company-id sign-up races): an intruder who knows the organisation,
 * the company id and the last name, but not the employee's mailbox, registers at the same moment as the employee.
 * Whoever's registration the employee row takes first keeps it, and the other is told at once, with that address
 * masked: nobody wins without the other knowing. Runs on PGlite and, with DATABASE_URL, on Postgres.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskedAddress } from '../../api/contract/maskedAddress';
import { API_PATHS } from '../../api/contract/paths';
import { companyEmployees, memberships, users } from '../db/schema';
import { createOrganisation } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const COMPANY_ID = API_PATHS.checkCompanyId.path;
const PAGE_REGISTER = API_PATHS.registerCompanyPage.path;
const TRIALS = 8;
const WEEK_AND_A_BIT = 7 * 24 * 60 * 60_000 + 1;

const registration = (email: string) => ({
  step: 'all',
  organisationSubdomain: 'papier_union',
  companyId: 'PU-1',
  lastName: 'Papier',
  email,
});
const pageRegistration = (email: string) => ({
  organisationSubdomain: 'lit',
  userCompanyId: 'PU-1',
  userLastName: 'Papier',
  email,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  for (const subdomain of ['papier_union', 'lit']) {
    const organisation = await createOrganisation(t.db, { subdomain, name: subdomain });
    await t.db
      .insert(companyEmployees)
      .values({ organisationId: organisation.id, firstName: 'Paula', lastName: 'Papier', companyId: 'PU-1' });
  }
});
afterAll(() => t.close());

/** The one account the employee row holds, and who got a confirmation link. */
const outcome = async () => {
  const [employee] = await t.db.select().from(companyEmployees).where(eq(companyEmployees.companyId, 'PU-1'));
  const holders = await t.db.select().from(users);
  const confirmedTo = t.delivered.filter((mail) => mail.text.includes('/confirm?token='));
  return { employee, holders, confirmedTo: new Set(confirmedTo.map((mail) => mail.to)) };
};

describe('two racers register the same employee at once with different addresses', () => {
  it.each([
    ['/start', COMPANY_ID, registration],
    ['/lit and /unicef', PAGE_REGISTER, pageRegistration],
  ])('%s: exactly one account, at the winner’s address; the loser is told where, masked; only the winner gets a link', async (_page, path, body) => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      await t.reset();
      const organisation = await createOrganisation(t.db, {
        subdomain: path === COMPANY_ID ? 'papier_union' : 'lit',
        name: 'papier',
      });
      await t.db.insert(companyEmployees).values({
        organisationId: organisation.id,
        firstName: 'Paula',
        lastName: 'Papier',
        companyId: 'PU-1',
      });
      const racers =
        trial % 2 === 0
          ? ['paula@work.example', 'mallory@evil.test']
          : ['mallory@evil.test', 'paula@work.example'];
      const answers = await Promise.all(racers.map((email) => t.client().post(path, body(email))));

      const { employee, holders, confirmedTo } = await outcome();
      expect(holders).toHaveLength(1);
      const winner = holders[0]?.email ?? '';
      expect(employee?.userId).toBe(holders[0]?.id);
      expect(await t.db.select().from(memberships)).toHaveLength(1);
      // One 200 for the winner, one 409 naming the winner's address masked for the other: nobody wins silently.
      const won = answers[racers.indexOf(winner)];
      const lost = answers[1 - racers.indexOf(winner)];
      expect(won?.status).toBe(200);
      expect(lost?.status).toBe(409);
      expect(lost?.body).toEqual({
        code: 'registration_pending_elsewhere_error',
        details: { email: maskedAddress(winner) },
      });
      // The loser's address got nothing; the winner's got the confirmation and the notice that someone else tried.
      expect(confirmedTo).toEqual(new Set([winner]));
      expect(t.delivered.filter((mail) => mail.to !== winner)).toEqual([]);
    }
  });

  it('the same address twice at once (a double click) is one registration, answered ok both times', async () => {
    const answers = await Promise.all(
      [0, 1].map(() => t.client().post(COMPANY_ID, registration('paula@work.example'))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const { holders } = await outcome();
    expect(holders.map((user) => user.email)).toEqual(['paula@work.example']);
  });

  it('racers moving an expired registration at once: one move wins, the other is told where it went', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      await t.reset();
      const organisation = await createOrganisation(t.db, { subdomain: 'papier_union', name: 'papier' });
      await t.db.insert(companyEmployees).values({
        organisationId: organisation.id,
        firstName: 'Paula',
        lastName: 'Papier',
        companyId: 'PU-1',
      });
      await t.client().post(COMPANY_ID, registration('typo@work.exampel'));
      t.clock.advance(WEEK_AND_A_BIT);
      const racers = ['paula@work.example', 'mallory@evil.test'];
      const answers = await Promise.all(
        racers.map((email) => t.client().post(COMPANY_ID, registration(email))),
      );
      const { holders } = await outcome();
      expect(holders).toHaveLength(1);
      const winner = holders[0]?.email ?? '';
      expect(racers).toContain(winner);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const lost = answers.find((answer) => answer.status === 409);
      expect(lost?.body).toEqual({
        code: 'registration_pending_elsewhere_error',
        details: { email: maskedAddress(winner) },
      });
      // Only the winner's address got a link from the race.
      expect(await t.mailbox(racers.find((email) => email !== winner) ?? '')).toEqual([]);
    }
  });

  it('sequentially, the intruder first: the employee is told, and the intruder’s address is told', async () => {
    const intruder = await t.client().post(COMPANY_ID, registration('mallory@evil.test'));
    expect(intruder.status).toBe(200);
    const employee = await t.client().post(COMPANY_ID, registration('paula@work.example'));
    expect(employee.status).toBe(409);
    expect(employee.body).toMatchObject({ details: { email: 'm***@e***.test' } });
    expect(await t.mailbox('paula@work.example')).toEqual([]);
    const [notice] = await t.mailbox('mallory@evil.test');
    expect(notice?.text).toContain('another e-mail address');
  });
});

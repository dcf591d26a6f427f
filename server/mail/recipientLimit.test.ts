/**
 * Mail per recipient (docs/decisions/security.md: Mail per recipient): every call that mails someone is limited per
 * recipient, counted in the database, whatever address the calls come from. The app runs with the production
 * per-address limits and TRUST_PROXY, every call from its own X-Forwarded-For, as the attack did (40 addresses).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ORGANISATION_TERMS } from '../../api/contract/organisationTerms';
import { API_PATHS } from '../../api/contract/paths';
import { createApp } from '../app';
import { companyEmployees, rateLimits, tokens } from '../db/schema';
import { DatabaseRateLimiter, DEFAULT_RATE_LIMITS, MemoryRateLimiter } from '../rateLimit';
import { createOrganisation, createUser, signedInUser } from '../test/fixtures';
import { createTestApp, type TestApp, TestClient } from '../test/testApp';
import { mayMail, RECIPIENT_MAIL_LIMITS, recipientKey } from './recipientLimit';

const FORGOT = API_PATHS.forgotPassword.path;
const SET = API_PATHS.setNewPassword.path;
const MINUTE = 60_000;
const [SHORT, DAILY] = RECIPIENT_MAIL_LIMITS as [
  (typeof RECIPIENT_MAIL_LIMITS)[0],
  (typeof RECIPIENT_MAIL_LIMITS)[0],
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS, trustProxy: true } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

let source = 0;
/** A client calling from an address of its own (10.x.y.z), as a botnet would. */
const fromNewAddress = () => {
  source += 1;
  return t.client({ 'x-forwarded-for': `10.${(source >> 16) & 255}.${(source >> 8) & 255}.${source & 255}` });
};

/** Status and body of an answer: what a caller can compare. */
const seen = async (response: Promise<{ status: number; body: unknown }>) => {
  const { status, body } = await response;
  return JSON.stringify({ status, body });
};

describe('forgot_password per recipient', () => {
  it(`sends exactly ${SHORT.max} of 80 requests from 40 addresses to one recipient, and answers all of them alike`, async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    const answers = new Set<string>();
    for (let address = 0; address < 40; address += 1) {
      const client = fromNewAddress();
      for (const generateMagicLink of [false, true])
        answers.add(await seen(client.post(FORGOT, { email, generateMagicLink })));
    }
    expect([...answers]).toEqual([JSON.stringify({ status: 200, body: { ok: true } })]);
    expect(await t.mailbox(email)).toHaveLength(SHORT.max);
    expect(t.delivered).toHaveLength(SHORT.max);
    // No token was issued for the mails not sent.
    expect(await t.db.select().from(tokens)).toHaveLength(SHORT.max);
    // Counted under a hash of the address: the address is nowhere in the table.
    const keys = (await t.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys.join(' ')).not.toContain(email.split('@')[0] ?? email);
    expect(keys).toContain(`persistent:${recipientKey('signIn', ` ${email.toUpperCase()} `)}:900s`);
  });

  it('answers an unknown address as before (email_not_found_error), limited or not', async () => {
    for (let n = 0; n < 5; n += 1) {
      const response = await fromNewAddress().post(FORGOT, { email: 'nobody@example.com' });
      expect(response.body).toEqual({ code: 'email_not_found_error' });
    }
  });

  it(`sends at most ${DAILY.max} a day, then again the next day; the earlier links keep working`, async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    const sentPerWindow: number[] = [];
    for (let window = 0; window < 6; window += 1) {
      const before = (await t.mailbox(email)).length;
      for (let n = 0; n < 5; n += 1) await fromNewAddress().post(FORGOT, { email });
      sentPerWindow.push((await t.mailbox(email)).length - before);
      t.clock.advance(SHORT.windowMs);
    }
    expect(sentPerWindow).toEqual([3, 3, 3, 1, 0, 0]);
    t.clock.advance(DAILY.windowMs);
    await fromNewAddress().post(FORGOT, { email });
    expect(await t.mailbox(email)).toHaveLength(DAILY.max + 1);
  });

  it('a flood after a request leaves the link already sent working', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await fromNewAddress().post(FORGOT, { email });
    const token = new URL(await t.lastLink(email)).searchParams.get('token') ?? '';
    for (let n = 0; n < 20; n += 1) await fromNewAddress().post(FORGOT, { email });
    expect((await fromNewAddress().get(SET, { query: { token } })).status).toBe(200);
  });

  it('holds across a restart and another process: the count is in the database', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    for (let n = 0; n < SHORT.max; n += 1) await fromNewAddress().post(FORGOT, { email });
    // A second app on the same database with fresh per-address counters: a restarted or parallel worker.
    const restarted = createApp({
      ...t.deps,
      rateLimiter: new MemoryRateLimiter(DEFAULT_RATE_LIMITS, t.clock),
    });
    await new TestClient(restarted).post(FORGOT, { email });
    expect(await t.mailbox(email)).toHaveLength(SHORT.max);
  });
});

describe('the other mailing calls, per recipient', () => {
  it('resending the confirmation: past the share, 429 to the signed-in user and no mail', async () => {
    const { client, email } = await signedInUser(t, { confirmed: false });
    for (let n = 0; n < SHORT.max; n += 1)
      expect((await client.post(API_PATHS.resendConfirmation.path)).status).toBe(200);
    // Past the per-address and per-account window (10 min), still inside the recipient's (15 min).
    t.clock.advance(DEFAULT_RATE_LIMITS.confirmationResend.windowMs);
    const refused = await client.post(API_PATHS.resendConfirmation.path);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited_error' });
    expect(await t.mailbox(email)).toHaveLength(SHORT.max);
  });

  it('company-id registration and curator sign-up share the confirmation share of an address, answering as usual', async () => {
    const organisation = await createOrganisation(t.db, { subdomain: 'papier_union' });
    await t.db
      .insert(companyEmployees)
      .values({ organisationId: organisation.id, lastName: 'Papier', companyId: 'PU-1' });
    const register = {
      step: 'all',
      organisationSubdomain: 'papier_union',
      companyId: 'PU-1',
      lastName: 'Papier',
      email: 'paula@example.com',
    };
    const answers = new Set<string>();
    for (let n = 0; n <= SHORT.max; n += 1)
      answers.add(await seen(fromNewAddress().post(API_PATHS.checkCompanyId.path, register)));
    expect([...answers]).toEqual([
      JSON.stringify({
        status: 200,
        body: {
          ok: true,
          terms: DEFAULT_ORGANISATION_TERMS,
          brand: { name: organisation.name, logoUrl: null, accent: null },
        },
      }),
    ]);
    expect(await t.mailbox('paula@example.com')).toHaveLength(SHORT.max);

    // A curator sign-up of an address past its share: the account is made and the answer is the usual one.
    for (let n = 0; n < SHORT.max; n += 1) await mayMail(t.deps, 'confirm', 'curator@example.com');
    const signUp = await fromNewAddress().post(API_PATHS.registerCurator.path, {
      email: 'curator@example.com',
      pwd: 'a long enough password',
      screenName: 'Cora Curator',
      channelName: 'Morning News',
      subdomain: 'morningnews',
    });
    expect(signUp.status).toBe(200);
    expect(await t.mailbox('curator@example.com')).toEqual([]);
  });

  it('the welcome after a company-id confirmation is held to the share too', async () => {
    const organisation = await createOrganisation(t.db, { subdomain: 'lit' });
    await t.db
      .insert(companyEmployees)
      .values({ organisationId: organisation.id, lastName: 'Lindner', companyId: 'L-1' });
    await fromNewAddress().post(API_PATHS.checkCompanyId.path, {
      step: 'all',
      organisationSubdomain: 'lit',
      companyId: 'L-1',
      lastName: 'Lindner',
      email: 'lena@example.com',
    });
    const token = new URL(await t.lastLink('lena@example.com')).searchParams.get('token') ?? '';
    for (let n = 0; n < SHORT.max; n += 1) await mayMail(t.deps, 'welcome', 'lena@example.com');
    const confirmed = await fromNewAddress().get(API_PATHS.confirmEmail.path, { query: { token } });
    expect(confirmed.status).toBe(200);
    expect((await t.mailbox('lena@example.com')).map((mail) => mail.subject)).toEqual([
      'Please confirm your e-mail address',
    ]);
  });

  it('counts each kind apart: a flood of reset requests does not block a confirmation', async () => {
    const { email } = await createUser(t.db, { confirmed: false }, t.clock.now());
    for (let n = 0; n < 10; n += 1) await fromNewAddress().post(FORGOT, { email });
    expect(await mayMail(t.deps, 'confirm', email)).toBe(true);
    expect(await mayMail(t.deps, 'signIn', email)).toBe(false);
  });
});

it('the sweep of the per-address windows leaves the day-long recipient windows alone', async () => {
  const { email } = await createUser(t.db, {}, t.clock.now());
  for (let n = 0; n < SHORT.max; n += 1) await fromNewAddress().post(FORGOT, { email });
  t.clock.advance(SHORT.windowMs + MINUTE);
  // One limiter call that always sweeps: windows older than the longest per-address window (10 min) go.
  const random = vi.spyOn(Math, 'random').mockReturnValue(0);
  try {
    await new DatabaseRateLimiter(t.db, DEFAULT_RATE_LIMITS, t.clock).hit('login', '192.0.2.1');
  } finally {
    random.mockRestore();
  }
  const keys = (await t.db.select().from(rateLimits)).map((row) => row.key);
  expect(keys.filter((key) => key.startsWith('forgotPassword '))).toEqual([]);
  expect(keys).toContain(`persistent:${recipientKey('signIn', email)}:86400s`);
  // The day's count survived: after the 15-minute window, only the day's remainder is sent.
  for (let window = 0; window < 4; window += 1) {
    for (let n = 0; n < SHORT.max; n += 1) await fromNewAddress().post(FORGOT, { email });
    t.clock.advance(SHORT.windowMs);
  }
  expect(await t.mailbox(email)).toHaveLength(DAILY.max);
});

/**
 * Who set two-factor up, kept for the recovery review (docs/decisions/security.md: A notice for every way in): wherever
 * two-factor is turned on or set up again (the profile, a login's forced setup, an invitation sign-up's setup), the
 * account records when, the session that did it (sha-256 of its id, none where no session had begun yet) and the
 * browser (User-Agent, at most 512 characters).
 */
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TwoFactorSetupWire } from '../../api/contract/common';
import { CHANNEL_ROLE_IDS } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { users } from '../db/schema';
import { createInvitation } from '../invitations';
import { sha256Hex } from '../security/crypto';
import {
  addOrganisationRole,
  createChannel,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  signedInUser,
} from '../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';

type Setup = v.InferOutput<typeof TwoFactorSetupWire>;

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const originOf = async (email: string) => {
  const [row] = await t.db
    .select({
      on: users.twoFactorEnabled,
      since: users.twoFactorSince,
      session: users.twoFactorSession,
      userAgent: users.twoFactorUserAgent,
    })
    .from(users)
    .where(eq(users.email, email));
  return row;
};

const sessionHashOf = (client: TestClient) => sha256Hex(client.cookies.get('session') ?? '');

/** The same session as `client`, from a browser with this User-Agent. */
const asBrowser = (client: TestClient, userAgent: string) => {
  const other = t.client({ 'user-agent': userAgent });
  other.cookies.set('session', client.cookies.get('session') ?? '');
  return other;
};

/** Turns two-factor on (or sets it up again) on this session; answers the secret now active. */
const enable = async (client: TestClient) => {
  const setup = await client.get<Setup>(API_PATHS.getTwoFactorSecret.path);
  const answer = await client.post(API_PATHS.enableTwoFactor.path, {
    otp: currentCode(t, setup.body.secret),
  });
  expect(answer.status).toBe(200);
  return setup.body.secret;
};

describe('two-factor from the profile', () => {
  it('records when, by which session and from which browser it was turned on, and again when set up anew', async () => {
    const { client, email } = await signedInUser(t);
    expect(await originOf(email)).toEqual({ on: false, since: null, session: null, userAgent: null });
    t.clock.advance(60_000);
    const secret = await enable(asBrowser(client, FIREFOX));
    expect(await originOf(email)).toEqual({
      on: true,
      since: new Date('2026-01-15T09:01:00Z'),
      session: sessionHashOf(client),
      userAgent: FIREFOX,
    });

    t.clock.advance(60 * 60_000);
    const other = t.client();
    const login = await other.post(API_PATHS.login.path, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: currentCode(t, secret),
    });
    expect(login.status).toBe(200);
    await enable(asBrowser(other, SAFARI));
    expect(await originOf(email)).toEqual({
      on: true,
      since: new Date('2026-01-15T10:01:00Z'),
      session: sessionHashOf(other),
      userAgent: SAFARI,
    });
  });

  it('keeps at most 512 characters of the browser, and nothing for a refused code', async () => {
    const { client, email } = await signedInUser(t);
    const long = asBrowser(client, `${FIREFOX} ${'x'.repeat(2000)}`);
    const setup = await long.get<Setup>(API_PATHS.getTwoFactorSecret.path);
    const wrong = currentCode(t, setup.body.secret) === '000000' ? '111111' : '000000';
    expect((await long.post(API_PATHS.enableTwoFactor.path, { otp: wrong })).status).toBe(400);
    expect(await originOf(email)).toEqual({ on: false, since: null, session: null, userAgent: null });
    await enable(long);
    const kept = (await originOf(email))?.userAgent;
    expect(kept).toHaveLength(512);
    expect(kept?.startsWith(FIREFOX)).toBe(true);
  });
});

describe('two-factor set up where it is required', () => {
  it("at a login: when and the login's browser, no session (none had begun yet)", async () => {
    const { user, email } = await createUser(t.db, {}, t.clock.now());
    const organisation = await createOrganisation(t.db, { enforcesTwoFactor: true });
    await addOrganisationRole(t.db, user.id, organisation.id, 'team-member');
    const browser = t.client({ 'user-agent': SAFARI });
    const first = await browser.post<{ twoFactorVerify: { secret: string } }>(API_PATHS.login.path, {
      email,
      pwd: DEFAULT_PASSWORD,
    });
    expect(await originOf(email)).toEqual({ on: false, since: null, session: null, userAgent: null });
    t.clock.advance(30_000);
    const done = await browser.post(API_PATHS.login.path, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: currentCode(t, first.body.twoFactorVerify.secret),
    });
    expect(done.status).toBe(200);
    expect(await originOf(email)).toEqual({
      on: true,
      since: new Date('2026-01-15T09:00:30Z'),
      session: null,
      userAgent: SAFARI,
    });
  });

  it("at an invitation sign-up: when and the sign-up's browser, no session", async () => {
    const organisation = await createOrganisation(t.db, { enforcesTwoFactor: true });
    const channel = await createChannel(t.db, { organisationId: organisation.id });
    const token = await createInvitation(t, {
      organisationId: organisation.id,
      channelId: channel.id,
      roleId: CHANNEL_ROLE_IDS.editor,
      email: 'ivy@example.com',
      screenName: 'Ivy',
      isReader: false,
      inviterId: null,
    });
    const browser = t.client({ 'user-agent': FIREFOX });
    const body = { token, email: 'ivy@example.com', pwd: 'secret-5', screenName: 'Ivy' };
    const first = await browser.post<{ twoFactorVerify: { secret: string } }>(
      API_PATHS.registerInvite.path,
      body,
    );
    expect(first.status).toBe(403);
    t.clock.advance(45_000);
    const done = await browser.post(API_PATHS.registerInvite.path, {
      ...body,
      otp: currentCode(t, first.body.twoFactorVerify.secret),
    });
    expect(done.status).toBe(200);
    expect(await originOf('ivy@example.com')).toEqual({
      on: true,
      since: new Date('2026-01-15T09:00:45Z'),
      session: null,
      userAgent: FIREFOX,
    });
  });
});

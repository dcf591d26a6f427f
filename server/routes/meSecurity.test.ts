import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { STEP_UP_WINDOW_MS, StepUpAnswerWire } from '../../api/contract/security';
import { channels, images, memberships, recoveryCodes, sessions, tokens, uploads, users } from '../db/schema';
import {
  addChannelRole,
  addOrganisationRole,
  createChannel,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  giveRecoveryCodes,
  signedInUser,
  signIn,
} from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const STEP_UP = API_PATHS.stepUp.path;
const PASSWORD = API_PATHS.changePassword.path;
const ME = API_PATHS.getMe.path;
const NEW_PASSWORD = 'a brand new passphrase';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

/** A signed-in user whose login is older than the step-up window: every sensitive change asks again. */
const staleUser = async (fixture: Parameters<typeof signedInUser>[1] = {}) => {
  const signed = await signedInUser(t, fixture);
  t.clock.advance(STEP_UP_WINDOW_MS);
  return signed;
};

describe('POST /api/me/step_up', () => {
  it('takes the password and opens the 10-minute window, no longer', async () => {
    const { client } = await staleUser();
    expect((await client.post(PASSWORD, { pwd: NEW_PASSWORD })).body).toEqual({
      code: 'step_up_required_error',
    });
    const stepped = await client.post(STEP_UP, { pwd: DEFAULT_PASSWORD });
    expect(stepped.status).toBe(200);
    expect(v.parse(StepUpAnswerWire, stepped.body).validUntil).toBe(
      new Date(t.clock.now().getTime() + STEP_UP_WINDOW_MS).toISOString(),
    );
    t.clock.advance(STEP_UP_WINDOW_MS);
    const late = await client.post(PASSWORD, { pwd: NEW_PASSWORD });
    expect(late.status).toBe(403);
    expect(late.body).toEqual({ code: 'step_up_required_error' });
  });

  it('a fresh password login counts as a step-up; another session of the user does not share it', async () => {
    const { client, email } = await signedInUser(t);
    const other = t.client();
    t.clock.advance(STEP_UP_WINDOW_MS);
    await signIn(other, email);
    expect((await client.post(PASSWORD, { pwd: NEW_PASSWORD })).status).toBe(403);
    expect((await other.post(PASSWORD, { pwd: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a wrong password with unknown_credential_error, and counts it toward the lockout like a login', async () => {
    const { client, user } = await staleUser();
    const wrong = await client.post(STEP_UP, { pwd: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'unknown_credential_error' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.failedAttempts).toBe(1);
    let last = wrong;
    for (let i = 0; i < 12; i += 1) last = await client.post(STEP_UP, { pwd: 'not the password' });
    expect(last.status).toBe(423);
    expect(last.body).toEqual({ code: 'account_locked_error' });
    // Locked: even the right password is refused now.
    expect((await client.post(STEP_UP, { pwd: DEFAULT_PASSWORD })).body).toEqual({
      code: 'account_locked_error',
    });
  });

  it('asks an account with two-factor for a one-time code, not the password, and refuses a replayed code', async () => {
    const { client, totpSecret } = await staleUserWithTwoFactor();
    expect((await client.post(STEP_UP, { pwd: DEFAULT_PASSWORD })).body).toEqual({
      code: 'auth_otp_code_is_required_error',
    });
    const code = currentCode(t, totpSecret);
    expect((await client.post(STEP_UP, { otp: code })).status).toBe(200);
    expect((await client.post(STEP_UP, { otp: code })).body).toEqual({ code: 'unknown_auth_otp_code_error' });
  });

  it('answers 401 without a session and a field error without a password', async () => {
    expect((await t.client().post(STEP_UP, { pwd: 'x' })).status).toBe(401);
    const { client } = await signedInUser(t);
    const missing = await client.post(STEP_UP, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('"path":"pwd"');
  });
});

/** Two-factor users log in with a code; the helper signs in through the login call with one. */
const staleUserWithTwoFactor = async () => {
  const created = await createUser(t.db, { totpSecret: true }, t.clock.now());
  const client = t.client();
  const secret = created.totpSecret ?? '';
  const login = await client.post(API_PATHS.login.path, {
    email: created.email,
    pwd: created.password,
    otp: currentCode(t, secret),
  });
  expect(login.status).toBe(200);
  t.clock.advance(STEP_UP_WINDOW_MS);
  return { ...created, client, totpSecret: secret };
};

describe('POST /api/me/password', () => {
  it('sets the new password, ends every other session, rotates this one and mails a notice', async () => {
    const { client, email } = await signedInUser(t, { screenName: 'Ada' });
    const other = t.client();
    await signIn(other, email);
    const before = client.cookies.get('session');
    const changed = await client.post(
      PASSWORD,
      { pwd: NEW_PASSWORD },
      { headers: { 'user-agent': FIREFOX } },
    );
    expect(changed.status).toBe(200);
    expect(client.cookies.get('session')).not.toBe(before);
    expect((await client.get(ME)).status).toBe(200);
    expect((await other.get(ME)).status).toBe(401);
    // The old cookie is dead too (rotation).
    const stale = t.client({ cookie: `session=${before}` });
    expect((await stale.get(ME)).status).toBe(401);
    expect((await t.client().post(API_PATHS.login.path, { email, pwd: DEFAULT_PASSWORD })).status).toBe(401);
    expect((await t.client().post(API_PATHS.login.path, { email, pwd: NEW_PASSWORD })).status).toBe(200);
    const [notice] = await t.mailbox(email);
    expect(notice?.subject).toBe('Your password was changed');
    expect(notice?.text).toContain('Firefox 128 (Linux)');
    expect(notice?.text).toContain('2026-01-15 09:00 UTC');
  });

  it('writes the notice in the language of the request', async () => {
    const { client, email } = await signedInUser(t);
    await client.post(PASSWORD, { pwd: NEW_PASSWORD }, { headers: { 'accept-language': 'de-AT,de;q=0.9' } });
    expect((await t.mailbox(email))[0]?.subject).toBe('Ihr Passwort wurde geändert');
  });

  it('holds the new password to the sign-up rules of the shared schema', async () => {
    const { client } = await signedInUser(t);
    const short = await client.post(PASSWORD, { pwd: 'abc' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('string.min');
  });
});

describe('DELETE /api/me', () => {
  const remove = (client: ReturnType<TestApp['client']>, confirmation: string) =>
    client.delete(ME, { json: { confirmation } });

  it('needs a step-up and the e-mail typed as confirmation', async () => {
    const { client, email } = await staleUser();
    expect((await remove(client, email)).body).toEqual({ code: 'step_up_required_error' });
    await client.post(STEP_UP, { pwd: DEFAULT_PASSWORD });
    const mistyped = await remove(client, 'someone@else.example');
    expect(mistyped.status).toBe(400);
    expect(JSON.stringify(mistyped.body)).toContain('"path":"confirmation"');
    expect((await client.get(ME)).status).toBe(200);
  });

  it('removes the account with its sessions, tokens, codes and images; mails a last notice; the e-mail signs up again', async () => {
    const { client, email, user } = await signedInUser(t);
    const other = t.client();
    await signIn(other, email);
    await giveRecoveryCodes(t.db, user.id, t.clock.now());
    await t.client().post(API_PATHS.forgotPassword.path, { email });
    await t.db.insert(uploads).values({
      assemblyId: 'a'.repeat(32),
      userId: user.id,
      template: 'profile',
      url: 'http://x/y.png',
      path: `${'a'.repeat(32)}.png`,
      mime: 'image/png',
      size: 1,
    });
    await t.db.insert(images).values({ userId: user.id, url: 'http://x/y.png', assemblyId: 'a'.repeat(32) });
    const deleted = await remove(client, email.toUpperCase());
    expect(deleted.status).toBe(200);
    for (const table of [sessions, tokens, recoveryCodes, images, uploads] as const) {
      expect(await t.db.select().from(table).where(eq(table.userId, user.id))).toHaveLength(0);
    }
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect((await client.get(ME)).status).toBe(401);
    expect((await other.get(ME)).status).toBe(401);
    expect((await t.mailbox(email))[0]?.subject).toBe('Your account was deleted');
    const again = await t.client().post(API_PATHS.registerCurator.path, {
      email,
      pwd: 'another good passphrase',
      screenName: 'Ada Again',
      channelName: 'Ada again',
      subdomain: 'ada_again',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('is refused while the user is the only admin of a channel or organisation others use, listing them', async () => {
    const { client, email, user } = await signedInUser(t);
    const member = await createUser(t.db, {}, t.clock.now());
    const organisation = await createOrganisation(t.db, { name: 'Acme' });
    const shared = await createChannel(t.db, { organisationId: organisation.id, name: 'Shared news' });
    const alone = await createChannel(t.db, {
      organisationId: organisation.id,
      name: 'My notes',
      subdomain: 'my-notes',
    });
    await addChannelRole(t.db, user.id, shared.id, 'admin');
    await addChannelRole(t.db, member.user.id, shared.id, 'editor');
    await addChannelRole(t.db, user.id, alone.id, 'admin');
    await addOrganisationRole(t.db, user.id, organisation.id, 'owner');
    await addOrganisationRole(t.db, member.user.id, organisation.id, 'team-member');
    const refused = await remove(client, email);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'account_sole_admin_error',
      details: {
        places: [
          { kind: 'channel', name: 'Shared news' },
          { kind: 'organisation', name: 'Acme' },
        ],
      },
    });
    // Another admin in both: the deletion goes through; the channel only they used goes with them.
    await t.db.update(memberships).set({ roleId: 1 }).where(eq(memberships.channelId, shared.id));
    await t.db.update(memberships).set({ roleId: 7 }).where(eq(memberships.organisationId, organisation.id));
    expect((await remove(client, email)).status).toBe(200);
    const left = await t.db.select({ name: channels.name }).from(channels);
    expect(left.map((row) => row.name)).toEqual(['Shared news']);
  });
});

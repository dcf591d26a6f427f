/**
 * Passkeys (docs/decisions/security.md: Passkeys; docs/security.md: Passkeys): adding behind the step-up, the list, rename,
 * remove, and signing in, with real WebAuthn answers from a software authenticator (server/test/softAuthenticator.ts)
 * that the library verifies for real.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  PasskeyRequestOptionsAnswerWire,
  PasskeysAnswerWire,
  PasskeyWire,
} from '../../api/contract/passkeys';
import { API_PATHS, apiPath } from '../../api/contract/paths';
import { STEP_UP_WINDOW_MS } from '../../api/contract/security';
import { DEFAULT_LOCKOUT } from '../config';
import { passkeys, users } from '../db/schema';
import { type CapturedLog, captureLog } from '../test/capturedLog';
import { addOrganisationRole, createOrganisation, signedInUser, type UserFixture } from '../test/fixtures';
import { registrationOptions, userWithPasskey as userWithPasskeyOn } from '../test/passkeyFixtures';
import { SoftAuthenticator } from '../test/softAuthenticator';
import type { TestClient } from '../test/testApp';
import { createTestApp, type TestApp } from '../test/testApp';

const P = API_PATHS;
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let log: CapturedLog;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  log = captureLog();
});
afterEach(() => log.restore());
afterAll(() => t.close());

const site = () => t.config.siteUrl;

const loginOptions = async (client: TestClient) => {
  const response = await client.post(P.passkeyLoginOptions.path, {});
  expect(response.status).toBe(200);
  return v.parse(PasskeyRequestOptionsAnswerWire, response.body).options;
};

const userWithPasskey = (fixture: UserFixture = {}) => userWithPasskeyOn(t, fixture);

const passkeyLogin = async (client: TestClient, authenticator: SoftAuthenticator, knobs = {}) => {
  const options = await loginOptions(client);
  return client.post(P.passkeyLogin.path, { credential: authenticator.get(options, knobs) });
};

const storedPasskeys = (userId: number) => t.db.select().from(passkeys).where(eq(passkeys.userId, userId));

describe('adding a passkey', () => {
  it('asks for user verification, a resident key if possible, no attestation, the site as relying party', async () => {
    const { client, email } = await signedInUser(t);
    const options = await registrationOptions(client);
    expect(options.rp.id).toBe(new URL(site()).hostname);
    expect(options.user.name).toBe(email);
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'required',
    });
  });

  it('stores it under a name from the browser, lists it with its dates, renames and removes it', async () => {
    const { client } = await signedInUser(t);
    const phone = new SoftAuthenticator(site());
    const withBrowser = t.client({ 'user-agent': CHROME });
    withBrowser.cookies.set('session', client.cookies.get('session') ?? '');
    const added = await withBrowser.post(P.addPasskey.path, {
      credential: phone.create(await registrationOptions(withBrowser)),
    });
    expect(added.status).toBe(201);
    const passkey = v.parse(PasskeyWire, added.body);
    expect(passkey).toMatchObject({ name: 'Chrome 131 (Linux)', lastUsedAt: null });
    expect(passkey.createdAt).toBe(t.clock.now().toISOString());

    const named = await client.post(P.addPasskey.path, {
      credential: new SoftAuthenticator(site()).create(await registrationOptions(client)),
      name: 'Work laptop',
    });
    expect(named.status).toBe(201);
    const list = v.parse(PasskeysAnswerWire, (await client.get(P.getPasskeys.path)).body).passkeys;
    expect(list.map((row) => row.name)).toEqual(['Chrome 131 (Linux)', 'Work laptop']);
    // Neither the credential id nor the key is ever listed.
    expect(JSON.stringify(list)).not.toContain(phone.keys[0]?.credentialId.toString('base64url'));

    const renamed = await client.put(apiPath('renamePasskey', { id: String(passkey.id) }), { name: 'Phone' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: passkey.id, name: 'Phone' });
    const removed = await client.delete(apiPath('removePasskey', { id: String(passkey.id) }));
    expect(removed.status).toBe(200);
    const after = v.parse(PasskeysAnswerWire, (await client.get(P.getPasskeys.path)).body).passkeys;
    expect(after.map((row) => row.name)).toEqual(['Work laptop']);
  });

  it('needs a recent step-up, for the options and for the result', async () => {
    const { client } = await signedInUser(t);
    const options = await registrationOptions(client);
    t.clock.advance(STEP_UP_WINDOW_MS);
    const refused = await client.post(P.passkeyRegistrationOptions.path, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'step_up_required_error' });
    const late = await client.post(P.addPasskey.path, {
      credential: new SoftAuthenticator(site()).create(options),
    });
    expect(late.body).toMatchObject({ code: 'step_up_required_error' });
  });

  it('refuses a replayed challenge, another session’s challenge and an expired one', async () => {
    const { client, email, password } = await signedInUser(t);
    const authenticator = new SoftAuthenticator(site());
    const options = await registrationOptions(client);
    expect((await client.post(P.addPasskey.path, { credential: authenticator.create(options) })).status).toBe(
      201,
    );
    const replayed = await client.post(P.addPasskey.path, { credential: authenticator.create(options) });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ code: 'passkey_invalid_error' });

    const other = t.client();
    expect((await other.post(P.login.path, { email, pwd: password })).status).toBe(200);
    const stolen = await other.post(P.addPasskey.path, {
      credential: authenticator.create(await registrationOptions(client)),
    });
    expect(stolen.body).toMatchObject({ code: 'passkey_invalid_error' });

    const slow = await registrationOptions(client);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
    // The step-up is older now too: a fresh one, so only the challenge's age is tried.
    await client.post(P.stepUp.path, { pwd: password });
    const expired = await client.post(P.addPasskey.path, { credential: authenticator.create(slow) });
    expect(expired.body).toMatchObject({ code: 'passkey_invalid_error' });
    expect(await storedPasskeys((await userIdOf(email)) ?? 0)).toHaveLength(1);
  });

  it('refuses another origin, another relying party, and no user verification', async () => {
    const { client, user } = await signedInUser(t);
    const authenticator = new SoftAuthenticator(site());
    for (const knobs of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const response = await client.post(P.addPasskey.path, {
        credential: authenticator.create(await registrationOptions(client), knobs),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'passkey_invalid_error' });
    }
    expect(await storedPasskeys(user.id)).toEqual([]);
  });

  it('refuses the same authenticator twice, and lists it in the options so the browser does not make one', async () => {
    const { client, authenticator } = await userWithPasskey();
    const options = await registrationOptions(client);
    const stored = authenticator.keys[0]?.credentialId.toString('base64url');
    expect(options.excludeCredentials?.map((row) => row.id)).toEqual([stored]);
    const twice = await client.post(P.addPasskey.path, {
      credential: authenticator.create(options, {}, authenticator.keys[0]),
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'passkey_already_registered_error' });
  });

  it('renames and removes only the user’s own passkeys', async () => {
    const { passkey } = await userWithPasskey();
    const { client: stranger } = await signedInUser(t);
    const rename = await stranger.put(apiPath('renamePasskey', { id: String(passkey.id) }), { name: 'Mine' });
    expect(rename.status).toBe(404);
    expect(rename.body).toMatchObject({ code: 'passkey_not_found_error' });
    const remove = await stranger.delete(apiPath('removePasskey', { id: String(passkey.id) }));
    expect(remove.body).toMatchObject({ code: 'passkey_not_found_error' });
    const junk = await stranger.delete(apiPath('removePasskey', { id: '99999999999' }));
    expect(junk.status).toBe(404);
  });
});

const userIdOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

describe('signing in with a passkey', () => {
  it('signs in without an e-mail (a discoverable credential): a session, stepped up; counter and last use kept', async () => {
    const { authenticator, user } = await userWithPasskey();
    const browser = t.client();
    const options = await loginOptions(browser);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    t.clock.advance(60_000);
    const response = await browser.post(P.passkeyLogin.path, { credential: authenticator.get(options) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ redirectUrl: null });
    expect((await browser.get(P.getMe.path)).status).toBe(200);
    // Stepped up: a sensitive change goes through without asking again.
    expect((await browser.post(P.passkeyRegistrationOptions.path, {})).status).toBe(200);
    const [row] = await storedPasskeys(user.id);
    expect(row).toMatchObject({ counter: 1, lastUsedAt: t.clock.now() });
  });

  it('refuses a replayed assertion and a challenge from another sign-in attempt', async () => {
    const { authenticator } = await userWithPasskey();
    const browser = t.client();
    const options = await loginOptions(browser);
    const credential = authenticator.get(options);
    expect((await browser.post(P.passkeyLogin.path, { credential })).status).toBe(200);
    const replayed = await t.client().post(P.passkeyLogin.path, { credential });
    expect(replayed.body).toMatchObject({ code: 'passkey_invalid_error' });
    const again = await browser.post(P.passkeyLogin.path, { credential: authenticator.get(options) });
    expect(again.body).toMatchObject({ code: 'passkey_invalid_error' });

    const other = t.client();
    const theirs = await loginOptions(t.client());
    await loginOptions(other);
    const crossed = await other.post(P.passkeyLogin.path, { credential: authenticator.get(theirs) });
    expect(crossed.status).toBe(400);
    expect(crossed.body).toMatchObject({ code: 'passkey_invalid_error' });
  });

  it('refuses an expired challenge', async () => {
    const { authenticator } = await userWithPasskey();
    const browser = t.client();
    const options = await loginOptions(browser);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
    const late = await browser.post(P.passkeyLogin.path, { credential: authenticator.get(options) });
    expect(late.body).toMatchObject({ code: 'passkey_invalid_error' });
    expect((await browser.get(P.getMe.path)).status).toBe(401);
  });

  it('refuses another origin, another relying party and no user verification', async () => {
    const { authenticator } = await userWithPasskey();
    for (const knobs of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const browser = t.client();
      const response = await passkeyLogin(browser, authenticator, knobs);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'passkey_invalid_error' });
      expect((await browser.get(P.getMe.path)).status).toBe(401);
    }
  });

  it('refuses a counter that goes backwards or stands still (a cloned key) and logs it', async () => {
    const { authenticator, user } = await userWithPasskey();
    expect((await passkeyLogin(t.client(), authenticator, { counter: 7 })).status).toBe(200);
    for (const counter of [3, 7]) {
      const clone = await passkeyLogin(t.client(), authenticator, { counter });
      expect(clone.status).toBe(400);
      expect(clone.body).toMatchObject({ code: 'passkey_invalid_error' });
    }
    const [row] = await storedPasskeys(user.id);
    expect(row?.counter).toBe(7);
    expect(log.lines().filter((line) => line.event === 'passkey_clone_refused')).toHaveLength(2);
    expect((await passkeyLogin(t.client(), authenticator, { counter: 8 })).status).toBe(200);
  });

  it('refuses a credential presented as another user’s, a removed passkey and an unknown one', async () => {
    const { authenticator, client, passkey } = await userWithPasskey();
    const { user: other } = await signedInUser(t);
    const browser = t.client();
    const options = await loginOptions(browser);
    const credential = authenticator.get(options);
    const foreignHandle = Buffer.from(`user:${other.id}`).toString('base64url');
    const posing = await browser.post(P.passkeyLogin.path, {
      credential: { ...credential, response: { ...credential.response, userHandle: foreignHandle } },
    });
    expect(posing.body).toMatchObject({ code: 'passkey_invalid_error' });

    await client.delete(apiPath('removePasskey', { id: String(passkey.id) }));
    const removed = await passkeyLogin(t.client(), authenticator);
    expect(removed.body).toMatchObject({ code: 'passkey_invalid_error' });
    const stranger = new SoftAuthenticator(site());
    stranger.create({ challenge: 'never-asked', user: { id: foreignHandle } });
    const unknown = await passkeyLogin(t.client(), stranger);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'passkey_invalid_error' });
  });

  it('needs no one-time code: with two-factor on, and in an organisation that enforces it', async () => {
    const withApp = await userWithPasskey({ totpSecret: true });
    const first = await passkeyLogin(t.client(), withApp.authenticator);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ redirectUrl: null });

    const enforced = await userWithPasskey();
    const organisation = await createOrganisation(t.db, { enforcesTwoFactor: true });
    await addOrganisationRole(t.db, enforced.user.id, organisation.id, 'team-member');
    const browser = t.client();
    const second = await passkeyLogin(browser, enforced.authenticator);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ redirectUrl: null });
    expect((await browser.get(P.getMe.path)).status).toBe(200);
    // The password alone is one factor: the same account's password login still asks for the app setup.
    const password = await t.client().post(P.login.path, { email: enforced.email, pwd: enforced.password });
    expect(password.body).toMatchObject({ code: 'two_factor_auth_is_not_setup_error' });
  });

  it('remembers the browser and tells of one not seen before by mail, as every other sign-in does', async () => {
    const { authenticator, email } = await userWithPasskey();
    const newSignIns = async () =>
      (await t.mailbox(email)).filter((mail) => mail.subject === 'A sign-in from a new browser');
    t.clock.advance(60_000);
    expect((await passkeyLogin(t.client({ 'user-agent': CHROME }), authenticator)).status).toBe(200);
    const [notice, ...more] = await newSignIns();
    expect(more).toEqual([]);
    expect(notice?.text).toContain('Chrome 131 (Linux)');
    // The same browser again: remembered, no second notice.
    expect((await passkeyLogin(t.client({ 'user-agent': CHROME }), authenticator)).status).toBe(200);
    expect(await newSignIns()).toHaveLength(1);
  });

  it('sends no notice for a refused passkey', async () => {
    const { authenticator, email } = await userWithPasskey();
    const refused = await passkeyLogin(t.client({ 'user-agent': CHROME }), authenticator, {
      userVerified: false,
    });
    expect(refused.status).toBe(400);
    expect((await t.mailbox(email)).map((mail) => mail.subject)).not.toContain(
      'A sign-in from a new browser',
    );
  });

  it('is refused while the account is locked, and refused assertions count towards the lock', async () => {
    const { authenticator, user } = await userWithPasskey();
    for (let failure = 0; failure < DEFAULT_LOCKOUT.maxFailuresPerAddress; failure += 1) {
      await passkeyLogin(t.client(), authenticator, { userVerified: false });
    }
    const locked = await passkeyLogin(t.client(), authenticator);
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ code: 'account_locked_error' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.failedAttempts).toBeGreaterThanOrEqual(DEFAULT_LOCKOUT.maxFailuresPerAddress);
  });
});

/**
 * The step-up by passkey (docs/decisions/security.md: Step-up; docs/security.md: Step-up by passkey): options limited to the
 * user's passkeys and bound to the session, the answer checked by the sign-in's ceremony code with a software
 * authenticator (server/test/softAuthenticator.ts) that the library verifies for real.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSKEY_CHALLENGE_TTL_MS, PasskeyRequestOptionsAnswerWire } from '../../api/contract/passkeys';
import { API_PATHS } from '../../api/contract/paths';
import { STEP_UP_WINDOW_MS, StepUpAnswerWire } from '../../api/contract/security';
import { DEFAULT_LOCKOUT } from '../config';
import { passkeys, users } from '../db/schema';
import { type CapturedLog, captureLog } from '../test/capturedLog';
import { currentCode, signedInUser, signIn, type UserFixture } from '../test/fixtures';
import { userWithPasskey } from '../test/passkeyFixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';

const P = API_PATHS;
const NEW_PASSWORD = 'a brand new passphrase';

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

/**
 * A user with one passkey, added in a first session; then signed in again by password on `client` and left past
 * the step-up window, so every sensitive change asks for a proof.
 */
const staleUserWithPasskey = async (fixture: UserFixture = {}) => {
  // The passkey was added in a first session; `client` is a second one.
  const created = await userWithPasskey(t, fixture);
  const client = t.client();
  if (created.totpSecret) {
    t.clock.advance(30_000);
    await client.post(P.login.path, {
      email: created.email,
      pwd: created.password,
      otp: currentCode(t, created.totpSecret),
    });
  } else await signIn(client, created.email, created.password);
  t.clock.advance(STEP_UP_WINDOW_MS);
  return { ...created, client };
};

const stepUpOptions = async (client: TestClient) => {
  const response = await client.post(P.passkeyStepUpOptions.path, {});
  expect(response.status).toBe(200);
  return v.parse(PasskeyRequestOptionsAnswerWire, response.body).options;
};

const passwordChange = (client: TestClient) => client.post(P.changePassword.path, { pwd: NEW_PASSWORD });

describe('POST /api/me/step_up/passkey/options', () => {
  it("limits the ceremony to the user's own passkeys, with user verification, on the site's relying party", async () => {
    const { client, authenticator } = await staleUserWithPasskey();
    await staleUserWithPasskey();
    const options = await stepUpOptions(client);
    expect(options.rpId).toBe(new URL(site()).hostname);
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      authenticator.keys[0]?.credentialId.toString('base64url'),
    ]);
  });

  it('refuses a user without passkeys (passkey_not_found_error) and a signed-out caller', async () => {
    const { client } = await signedInUser(t);
    const none = await client.post(P.passkeyStepUpOptions.path, {});
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ code: 'passkey_not_found_error' });
    expect((await t.client().post(P.passkeyStepUpOptions.path, {})).status).toBe(401);
  });
});

describe('POST /api/me/step_up/passkey', () => {
  it('opens the 10-minute window: a following password change needs no further proof', async () => {
    const { client, authenticator, user } = await staleUserWithPasskey();
    expect((await passwordChange(client)).body).toEqual({ code: 'step_up_required_error' });
    const stepped = await client.post(P.passkeyStepUp.path, {
      credential: authenticator.get(await stepUpOptions(client)),
    });
    expect(stepped.status).toBe(200);
    expect(v.parse(StepUpAnswerWire, stepped.body).validUntil).toBe(
      new Date(t.clock.now().getTime() + STEP_UP_WINDOW_MS).toISOString(),
    );
    expect((await passwordChange(client)).status).toBe(200);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row?.lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('works for an account with two-factor too (a user-verified passkey is two factors)', async () => {
    const { client, authenticator } = await staleUserWithPasskey({ totpSecret: true });
    const credential = authenticator.get(await stepUpOptions(client));
    expect((await client.post(P.passkeyStepUp.path, { credential })).status).toBe(200);
    expect((await passwordChange(client)).status).toBe(200);
  });

  it('refuses a replayed challenge', async () => {
    const { client, authenticator } = await staleUserWithPasskey();
    const options = await stepUpOptions(client);
    const credential = authenticator.get(options);
    expect((await client.post(P.passkeyStepUp.path, { credential })).status).toBe(200);
    const replayed = await client.post(P.passkeyStepUp.path, { credential });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual({ code: 'passkey_invalid_error' });
    const again = await client.post(P.passkeyStepUp.path, { credential: authenticator.get(options) });
    expect(again.body).toEqual({ code: 'passkey_invalid_error' });
  });

  it("refuses another user's credential, and counts it toward the lockout", async () => {
    const victim = await staleUserWithPasskey();
    const attacker = await staleUserWithPasskey();
    const options = await stepUpOptions(attacker.client);
    const borrowed = await attacker.client.post(P.passkeyStepUp.path, {
      credential: victim.authenticator.get(options),
    });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body).toEqual({ code: 'passkey_invalid_error' });
    expect((await passwordChange(attacker.client)).body).toEqual({ code: 'step_up_required_error' });
    const [row] = await t.db.select().from(users).where(eq(users.id, attacker.user.id));
    expect(row?.failedAttempts).toBe(1);
  });

  it('refuses a challenge given to another session of the same user', async () => {
    const { client, authenticator, email, password } = await staleUserWithPasskey();
    const other = t.client();
    await signIn(other, email, password);
    const theirs = await stepUpOptions(other);
    const crossed = await client.post(P.passkeyStepUp.path, { credential: authenticator.get(theirs) });
    expect(crossed.status).toBe(400);
    expect(crossed.body).toEqual({ code: 'passkey_invalid_error' });
    expect((await passwordChange(client)).body).toEqual({ code: 'step_up_required_error' });
  });

  it('refuses an expired challenge', async () => {
    const { client, authenticator } = await staleUserWithPasskey();
    const options = await stepUpOptions(client);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
    const late = await client.post(P.passkeyStepUp.path, { credential: authenticator.get(options) });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ code: 'passkey_invalid_error' });
  });

  it('refuses another origin, another relying party and no user verification', async () => {
    const { client, authenticator } = await staleUserWithPasskey();
    for (const knobs of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const response = await client.post(P.passkeyStepUp.path, {
        credential: authenticator.get(await stepUpOptions(client), knobs),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'passkey_invalid_error' });
    }
    expect((await passwordChange(client)).body).toEqual({ code: 'step_up_required_error' });
  });

  it('refuses a counter that stands still (a cloned key) and logs it', async () => {
    const { client, authenticator } = await staleUserWithPasskey();
    const first = authenticator.get(await stepUpOptions(client), { counter: 5 });
    expect((await client.post(P.passkeyStepUp.path, { credential: first })).status).toBe(200);
    const clone = authenticator.get(await stepUpOptions(client), { counter: 5 });
    const refused = await client.post(P.passkeyStepUp.path, { credential: clone });
    expect(refused.body).toEqual({ code: 'passkey_invalid_error' });
    expect(log.lines().filter((line) => line.event === 'passkey_clone_refused')).toHaveLength(1);
  });

  it('counts refusals toward the lockout, then refuses while locked', async () => {
    const { client, authenticator } = await staleUserWithPasskey();
    for (let failure = 0; failure < DEFAULT_LOCKOUT.maxFailuresPerAddress; failure += 1) {
      await client.post(P.passkeyStepUp.path, {
        credential: authenticator.get(await stepUpOptions(client), { userVerified: false }),
      });
    }
    const locked = await client.post(P.passkeyStepUp.path, {
      credential: authenticator.get(await stepUpOptions(client)),
    });
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({ code: 'account_locked_error' });
  });

  it('refuses hostile input with a 400, a signed-out caller with a 401, and another origin with a 403', async () => {
    const { client } = await staleUserWithPasskey();
    for (const body of [{}, { credential: 'x' }, { credential: { id: '!!', type: 'public-key' } }]) {
      const response = await client.post(P.passkeyStepUp.path, body);
      expect(response.status).toBe(400);
    }
    expect((await t.client().post(P.passkeyStepUp.path, {})).status).toBe(401);
    const foreign = t.client({ origin: 'https://evil.example' });
    foreign.cookies.set('session', client.cookies.get('session') ?? '');
    expect((await foreign.post(P.passkeyStepUp.path, {})).status).toBe(403);
  });
});

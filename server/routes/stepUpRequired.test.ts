/**
 * Changes that can lock the owner out or hide an intruder want a fresh step-up (docs/security.md: Every change and
 * the proof it needs): turning two-factor on or setting it up again from /me, signing out every other session and
 * ending another one. A session whose proof is older than the 10-minute window, or a magic-link session (no proof
 * at all), is refused with step_up_required_error and nothing changes; the same session passes once stepped up.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../api/contract/paths';
import { SessionsAnswerWire } from '../../api/contract/security';
import { currentCode, DEFAULT_PASSWORD, signedInUser, signIn } from '../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';

const SECRET = API_PATHS.getTwoFactorSecret.path;
const ENABLE = API_PATHS.enableTwoFactor.path;
const STEP_UP = API_PATHS.stepUp.path;
const OTHERS = API_PATHS.endOtherSessions.path;
const ME = API_PATHS.getMe.path;
const TEN_MINUTES = 10 * 60_000;
const STEP_UP_REQUIRED = { code: 'step_up_required_error' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

/** A user signed in by password whose login (a proof) is now 10 minutes old. */
const staleUser = async () => {
  const signed = await signedInUser(t);
  t.clock.advance(TEN_MINUTES);
  return signed;
};

/** A second session of the user opened by a magic link: a session that never proved anything. */
const magicLinkSession = async (email: string): Promise<TestClient> => {
  expect(
    (await t.client().post(API_PATHS.forgotPassword.path, { email, generateMagicLink: true })).status,
  ).toBe(200);
  const token = new URL(await t.lastLink(email)).searchParams.get('magicLinkToken');
  const client = t.client();
  expect((await client.post(API_PATHS.exchangeMagicLink.path, { token })).status).toBe(200);
  return client;
};

const twoFactorOn = async (client: TestClient) =>
  ((await client.get<{ twoFactorEnebled: boolean }>(ME)).body as { twoFactorEnebled: boolean })
    .twoFactorEnebled;

const sessionsSeenBy = async (client: TestClient) =>
  v.parse(SessionsAnswerWire, (await client.get(API_PATHS.getSessions.path)).body).sessions;

describe('POST /api/me/2fa (turning two-factor on from /me) needs a fresh step-up', () => {
  it('refuses a session older than the window, two-factor stays off; after the step-up the same code turns it on', async () => {
    const { client } = await staleUser();
    const setup = await client.get<{ secret: string }>(SECRET);
    expect(setup.status).toBe(200);
    const code = currentCode(t, setup.body.secret);
    const refused = await client.post(ENABLE, { otp: code });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(STEP_UP_REQUIRED);
    expect(await twoFactorOn(client)).toBe(false);
    expect((await client.post(STEP_UP, { pwd: DEFAULT_PASSWORD })).status).toBe(200);
    // The refused code was never looked at, so it is still good.
    expect((await client.post(ENABLE, { otp: code })).status).toBe(200);
    expect(await twoFactorOn(client)).toBe(true);
  });

  it('refuses a magic-link session (an intruder with the mailbox cannot plant their authenticator)', async () => {
    const { email } = await signedInUser(t);
    const intruder = await magicLinkSession(email);
    const setup = await intruder.get<{ secret: string }>(SECRET);
    const refused = await intruder.post(ENABLE, { otp: currentCode(t, setup.body.secret) });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(STEP_UP_REQUIRED);
    expect(await twoFactorOn(intruder)).toBe(false);
  });

  it('refuses setting it up again (Resetup GA) from a stale session until a current code proves it', async () => {
    const { client } = await signedInUser(t);
    const first = await client.get<{ secret: string }>(SECRET);
    expect((await client.post(ENABLE, { otp: currentCode(t, first.body.secret) })).status).toBe(200);
    t.clock.advance(TEN_MINUTES);
    const again = await client.get<{ secret: string }>(SECRET);
    expect((await client.post(ENABLE, { otp: currentCode(t, again.body.secret) })).body).toEqual(
      STEP_UP_REQUIRED,
    );
    // Two-factor is on: the step-up wants the code of the authenticator in use, not the password.
    expect((await client.post(STEP_UP, { otp: currentCode(t, first.body.secret) })).status).toBe(200);
    t.clock.advance(30_000);
    expect((await client.post(ENABLE, { otp: currentCode(t, again.body.secret) })).status).toBe(200);
  });
});

describe('DELETE /api/me/sessions (signing out every other session) needs a fresh step-up', () => {
  it('refuses a stale session and ends nothing; after the step-up it ends the others', async () => {
    const { client, email } = await staleUser();
    const other = t.client();
    await signIn(other, email);
    const refused = await client.delete(OTHERS);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(STEP_UP_REQUIRED);
    expect((await other.get(ME)).status).toBe(200);
    expect((await client.post(STEP_UP, { pwd: DEFAULT_PASSWORD })).status).toBe(200);
    expect((await client.delete(OTHERS)).body).toEqual({ ended: 1 });
    expect((await other.get(ME)).status).toBe(401);
  });

  it("refuses a magic-link session: it cannot sign the owner's sessions out", async () => {
    const { client: owner, email } = await signedInUser(t);
    const intruder = await magicLinkSession(email);
    expect((await intruder.delete(OTHERS)).body).toEqual(STEP_UP_REQUIRED);
    expect((await owner.get(ME)).status).toBe(200);
  });
});

describe('DELETE /api/me/sessions/{id} (ending one session) needs a fresh step-up for another session', () => {
  it('refuses a stale session and the other goes on; after the step-up it ends', async () => {
    const { client, email } = await staleUser();
    const other = t.client();
    await signIn(other, email);
    const target = (await sessionsSeenBy(client)).find((row) => !row.current);
    const path = apiPath('endSession', { id: target?.id ?? '' });
    const refused = await client.delete(path);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(STEP_UP_REQUIRED);
    expect((await other.get(ME)).status).toBe(200);
    expect((await client.post(STEP_UP, { pwd: DEFAULT_PASSWORD })).status).toBe(200);
    expect((await client.delete(path)).status).toBe(200);
    expect((await other.get(ME)).status).toBe(401);
  });

  it("refuses a magic-link session ending the owner's session", async () => {
    const { client: owner, email } = await signedInUser(t);
    const intruder = await magicLinkSession(email);
    const ownerRow = (await sessionsSeenBy(owner)).find((row) => row.current);
    expect((await intruder.delete(apiPath('endSession', { id: ownerRow?.id ?? '' }))).body).toEqual(
      STEP_UP_REQUIRED,
    );
    expect((await owner.get(ME)).status).toBe(200);
  });

  it('ends this very session without a proof: signing out never asks', async () => {
    const { client } = await staleUser();
    const mine = (await sessionsSeenBy(client)).find((row) => row.current);
    expect((await client.delete(apiPath('endSession', { id: mine?.id ?? '' }))).status).toBe(200);
    expect((await client.get(ME)).status).toBe(401);
  });
});

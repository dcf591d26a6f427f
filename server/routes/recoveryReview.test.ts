/**
 * The recovery review (docs/decisions/security.md: Recovery review; docs/security.md: Recovery): after a recovery every way
 * into the account is listed with its browser; a passkey added by a session the recovery ended is suspended (no
 * sign-in, no step-up) until kept; any passkey can be removed; the authenticator app only within 72 hours of being
 * turned on by a session; the token is refused when unknown, of another kind, expired or used.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PasskeyRequestOptionsAnswerWire } from '../../api/contract/passkeys';
import { API_PATHS } from '../../api/contract/paths';
import { RecoveryReviewWire } from '../../api/contract/recovery';
import { passkeys, recoveryCodes, users } from '../db/schema';
import { sha256Hex } from '../security/crypto';
import { beginRecovery } from '../security/recovery';
import { regenerateRecoveryCodes } from '../security/recoveryCodes';
import { createUser, currentCode, testKeys } from '../test/fixtures';
import { registrationOptions } from '../test/passkeyFixtures';
import { SoftAuthenticator } from '../test/softAuthenticator';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';
import { issueToken } from '../tokens';

const P = API_PATHS;
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const HOUR = 60 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const site = () => t.config.siteUrl;

/** A session of the user in a browser of its own (a fresh login: stepped up). */
const sessionOf = async (email: string, password: string, userAgent = CHROME, otp?: string) => {
  const client = t.client({ 'user-agent': userAgent });
  const answer = await client.post(P.login.path, { email, pwd: password, ...(otp ? { otp } : {}) });
  expect(answer.status).toBe(200);
  return client;
};

const addPasskey = async (client: TestClient) => {
  const authenticator = new SoftAuthenticator(site());
  const added = await client.post(P.addPasskey.path, {
    credential: authenticator.create(await registrationOptions(client)),
  });
  expect(added.status).toBe(201);
  return { authenticator, id: (added.body as { id: number }).id };
};

/** A recovery as the reset and the undo run it: in one transaction; answers the review token. */
/** A recovery as the reset runs it: begun, then the review token handed out. */
const recover = (userId: number) =>
  t.db.transaction(async (tx) => {
    await beginRecovery({ db: tx, clock: t.clock }, t.deps, userId);
    return issueToken({ db: tx, clock: t.clock }, { kind: 'recoveryReview', userId });
  });

const review = async (token: string) => {
  const answer = await t.client().post(P.getRecoveryReview.path, { token });
  expect(answer.status).toBe(200);
  return v.parse(RecoveryReviewWire, answer.body);
};

const passkeySignIn = async (authenticator: SoftAuthenticator) => {
  const client = t.client();
  const options = v.parse(
    PasskeyRequestOptionsAnswerWire,
    (await client.post(P.passkeyLoginOptions.path, {})).body,
  ).options;
  const answer = await client.post(P.passkeyLogin.path, { credential: authenticator.get(options) });
  return { ...answer, client };
};

describe('the review after a recovery', () => {
  it('lists each passkey with its browser, suspends the ones a session the recovery ended added, and they sign nobody in until kept', async () => {
    const { user, email, password } = await createUser(t.db, {}, t.clock.now());
    // The owner added one four days ago, from a session since signed out: not suspended.
    const owner = await sessionOf(email, password, FIREFOX);
    const owners = await addPasskey(owner);
    expect((await owner.post(P.logout.path, {})).status).toBe(200);
    // The intruder's fresh session plants one.
    t.clock.advance(96 * HOUR);
    const intruder = await sessionOf(email, password, CHROME);
    const planted = await addPasskey(intruder);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, planted.id));
    expect(row?.addedUserAgent).toBe(CHROME);
    expect(row?.addedSession).toBe(sha256Hex(intruder.cookies.get('session') ?? ''));

    const token = await recover(user.id);
    // The intruder's session is over.
    expect((await intruder.get(P.getMe.path)).status).toBe(401);
    const listed = await review(token);
    expect(listed.passkeys).toEqual([
      expect.objectContaining({ id: owners.id, addedFrom: 'Firefox 128 (Linux)', suspended: false }),
      expect.objectContaining({ id: planted.id, addedFrom: 'Chrome 131 (Linux)', suspended: true }),
    ]);
    expect(listed.authenticator).toBeNull();
    expect(listed.recoveryCodes).toBeNull();

    expect((await passkeySignIn(planted.authenticator)).body).toMatchObject({
      code: 'passkey_invalid_error',
    });
    const ownerAgain = await passkeySignIn(owners.authenticator);
    expect(ownerAgain.status).toBe(200);
    // /me's list says which one is suspended.
    const listedOnMe = await ownerAgain.client.get(P.getPasskeys.path);
    expect((listedOnMe.body as { passkeys: unknown[] }).passkeys).toEqual([
      expect.objectContaining({ id: owners.id, suspended: false }),
      expect.objectContaining({ id: planted.id, suspended: true }),
    ]);

    const kept = await t.client().post(P.keepRecoveryPasskey.path, { token, id: planted.id });
    expect(kept.status).toBe(200);
    expect(v.parse(RecoveryReviewWire, kept.body).passkeys.every((passkey) => !passkey.suspended)).toBe(true);
    expect((await passkeySignIn(planted.authenticator)).status).toBe(200);
  });

  it('suspends a passkey added in the 72 hours before the recovery by a session that signed out at once', async () => {
    const { user, email, password } = await createUser(t.db, {}, t.clock.now());
    const intruder = await sessionOf(email, password, CHROME);
    const planted = await addPasskey(intruder);
    expect((await intruder.post(P.logout.path, {})).status).toBe(200);
    t.clock.advance(71 * HOUR);
    const listed = await review(await recover(user.id));
    expect(listed.passkeys).toEqual([expect.objectContaining({ id: planted.id, suspended: true })]);
    expect((await passkeySignIn(planted.authenticator)).status).not.toBe(200);
  });

  it('removes a passkey, which then signs nobody in; another account’s passkey is not found', async () => {
    const { user, email, password } = await createUser(t.db, {}, t.clock.now());
    const planted = await addPasskey(await sessionOf(email, password));
    const other = await createUser(t.db, {}, t.clock.now());
    const theirs = await addPasskey(await sessionOf(other.email, other.password));
    const token = await recover(user.id);

    const foreign = await t.client().post(P.removeRecoveryPasskey.path, { token, id: theirs.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 'passkey_not_found_error' });
    expect(await t.db.select().from(passkeys).where(eq(passkeys.id, theirs.id))).toHaveLength(1);
    const keptForeign = await t.client().post(P.keepRecoveryPasskey.path, { token, id: theirs.id });
    expect(keptForeign.status).toBe(404);

    const removed = await t.client().post(P.removeRecoveryPasskey.path, { token, id: planted.id });
    expect(removed.status).toBe(200);
    expect(v.parse(RecoveryReviewWire, removed.body).passkeys).toEqual([]);
    expect((await passkeySignIn(planted.authenticator)).body).toMatchObject({
      code: 'passkey_invalid_error',
    });
    const again = await t.client().post(P.removeRecoveryPasskey.path, { token, id: planted.id });
    expect(again.body).toEqual({ code: 'passkey_not_found_error' });
  });

  it('tells the account’s address of a passkey it removed, as a removal from /me does, once', async () => {
    const { user, email, password } = await createUser(t.db, {}, t.clock.now());
    const planted = await addPasskey(await sessionOf(email, password));
    const token = await recover(user.id);
    t.clock.advance(60_000);
    const before = (await t.mailbox(email)).length;
    const removals = await Promise.all(
      [0, 1].map(() =>
        t.client({ 'user-agent': FIREFOX }).post(P.removeRecoveryPasskey.path, { token, id: planted.id }),
      ),
    );
    expect(removals.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const mails = await t.mailbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toBe('A passkey was removed from your account');
    expect(mails[0]?.text).toContain(
      'the passkey added to your account on 2026-01-15 09:00 UTC was removed on 2026-01-15 09:01 UTC from Firefox 128 (Linux).',
    );
    expect(mails[0]?.links).toEqual([`${site()}/forgot_password`]);
    // Nothing removed, nothing told.
    await t.client().post(P.removeRecoveryPasskey.path, { token, id: planted.id });
    expect(await t.mailbox(email)).toHaveLength(before + 1);
  });

  it('a suspended passkey is left out of the step-up’s options and refused there', async () => {
    const { user, email, password } = await createUser(t.db, {}, t.clock.now());
    const planted = await addPasskey(await sessionOf(email, password));
    await recover(user.id);
    const owner = await sessionOf(email, password);
    const options = await owner.post(P.passkeyStepUpOptions.path, {});
    // Its only passkey is suspended: no ceremony at all.
    expect(options.status).toBe(404);
    expect(options.body).toEqual({ code: 'passkey_not_found_error' });

    // Another passkey of the owner's asks for options that hold only it; the suspended one's answer is refused.
    const owners = await addPasskey(owner);
    const answer = await owner.post(P.passkeyStepUpOptions.path, {});
    const stepUp = v.parse(PasskeyRequestOptionsAnswerWire, answer.body).options;
    expect(stepUp.allowCredentials?.map((credential) => credential.id)).toEqual([
      owners.authenticator.keys[0]?.credentialId.toString('base64url'),
    ]);
    const refused = await owner.post(P.passkeyStepUp.path, {
      credential: planted.authenticator.get(stepUp),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'passkey_invalid_error' });
  });
});

describe('the authenticator app in the review', () => {
  /** Two-factor on, turned on by `session` `ago` before now, from Chrome, with its ten recovery codes. */
  const withAuthenticator = async (ago: number, session: string) => {
    const created = await createUser(t.db, { totpSecret: true }, t.clock.now());
    await t.db
      .update(users)
      .set({
        twoFactorSince: new Date(t.clock.now().getTime() - ago),
        twoFactorSession: session,
        twoFactorUserAgent: CHROME,
      })
      .where(eq(users.id, created.user.id));
    await regenerateRecoveryCodes(t.db, testKeys(), created.user.id, t.clock.now());
    return created;
  };

  it('lists it with its browser and the recovery codes; within 72 hours of a session turning it on, removes it and its codes', async () => {
    const { user, email, password } = await withAuthenticator(71 * HOUR, sha256Hex('intruder session'));
    const token = await recover(user.id);
    const listed = await review(token);
    expect(listed.authenticator).toEqual({
      since: new Date(t.clock.now().getTime() - 71 * HOUR).toISOString(),
      addedFrom: 'Chrome 131 (Linux)',
      removable: true,
    });
    expect(listed.recoveryCodes).toEqual({ remaining: 10, createdAt: t.clock.now().toISOString() });

    const removed = await t.client().post(P.removeRecoveryAuthenticator.path, { token });
    expect(removed.status).toBe(200);
    expect(v.parse(RecoveryReviewWire, removed.body)).toMatchObject({
      authenticator: null,
      recoveryCodes: null,
    });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ twoFactorEnabled: false, totpSecret: null, twoFactorSince: null });
    // The password alone signs in again: no code asked.
    const login = await t.client().post(P.login.path, { email, pwd: password });
    expect(login.status).toBe(200);
  });

  it('tells the account’s address, in its language, that two-factor was turned off, once of two removals at once', async () => {
    const { user, email } = await withAuthenticator(1 * HOUR, sha256Hex('intruder session'));
    await t.db.update(users).set({ locale: 'de-DE' }).where(eq(users.id, user.id));
    const token = await recover(user.id);
    t.clock.advance(60_000);
    const before = (await t.mailbox(email)).length;
    const removals = await Promise.all(
      [0, 1].map(() =>
        t.client({ 'user-agent': FIREFOX }).post(P.removeRecoveryAuthenticator.path, { token }),
      ),
    );
    // The second finds it off already (or no longer removable): nothing changed twice, one notice.
    expect(removals.some((answer) => answer.status === 200)).toBe(true);
    const mails = await t.mailbox(email);
    expect(mails).toHaveLength(before + 1);
    const [notice] = mails;
    expect(notice?.template).toBe('twoFactorRemoved');
    expect(notice?.locale).toBe('de-DE');
    expect(notice?.subject).toBe('Die Zwei-Faktor-Anmeldung wurde ausgeschaltet');
    expect(notice?.text).toContain('am 2026-01-15 09:01 UTC von Firefox 128 (Linux) aus ausgeschaltet');
    expect(notice?.links).toEqual([`${site()}/forgot_password`]);
    expect(t.delivered.filter((mail) => mail.to === email && mail.subject === notice?.subject)).toHaveLength(
      1,
    );

    // A refused removal (past 72 hours) tells nothing.
    const old = await withAuthenticator(73 * HOUR, sha256Hex('some session'));
    const oldToken = await recover(old.user.id);
    const kept = (await t.mailbox(old.email)).length;
    expect((await t.client().post(P.removeRecoveryAuthenticator.path, { token: oldToken })).status).toBe(403);
    expect(await t.mailbox(old.email)).toHaveLength(kept);
  });

  it('keeps it past 72 hours, without a recorded session, and when a live session turned it on after the recovery', async () => {
    const old = await withAuthenticator(73 * HOUR, sha256Hex('some session'));
    const oldToken = await recover(old.user.id);
    expect((await review(oldToken)).authenticator?.removable).toBe(false);
    const refused = await t.client().post(P.removeRecoveryAuthenticator.path, { token: oldToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'forbidden_error' });
    const [kept] = await t.db.select().from(users).where(eq(users.id, old.user.id));
    expect(kept?.twoFactorEnabled).toBe(true);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, old.user.id))).toHaveLength(
      10,
    );

    const unrecorded = await createUser(t.db, { totpSecret: true }, t.clock.now());
    const unrecordedToken = await recover(unrecorded.user.id);
    expect((await review(unrecordedToken)).authenticator).toEqual({
      since: null,
      addedFrom: null,
      removable: false,
    });

    // The owner signs in after the recovery and turns it on again from that (live) session: not the review's.
    const later = await createUser(t.db, { totpSecret: true }, t.clock.now());
    const laterToken = await recover(later.user.id);
    t.clock.advance(60_000);
    const code = currentCode(t, later.totpSecret ?? '');
    const owner = await sessionOf(later.email, later.password, CHROME, code);
    await t.db
      .update(users)
      .set({
        twoFactorSince: t.clock.now(),
        twoFactorSession: sha256Hex(owner.cookies.get('session') ?? ''),
        twoFactorUserAgent: CHROME,
      })
      .where(eq(users.id, later.user.id));
    expect((await review(laterToken)).authenticator?.removable).toBe(false);
  });
});

describe('the review token', () => {
  it('refuses an unknown token, another kind, an expired one and a finished one; finishing uses it up', async () => {
    const { user } = await createUser(t.db, {}, t.clock.now());
    const refusedWith = async (token: string) => {
      for (const call of [P.getRecoveryReview, P.removeRecoveryAuthenticator, P.finishRecoveryReview]) {
        const answer = await t.client().post(call.path, { token });
        expect(answer.status, `${call.path} ${token}`).toBe(404);
        expect(answer.body).toEqual({ code: 'recovery_review_token_invalid_error' });
      }
      const keep = await t.client().post(P.keepRecoveryPasskey.path, { token, id: 1 });
      expect(keep.body).toEqual({ code: 'recovery_review_token_invalid_error' });
    };
    await refusedWith('not-a-token');
    await refusedWith(await issueToken(t.deps, { kind: 'reset', userId: user.id }));

    const expiring = await recover(user.id);
    t.clock.advance(30 * 60_000);
    await refusedWith(expiring);

    const token = await recover(user.id);
    expect((await review(token)).passkeys).toEqual([]);
    const finished = await t.client().post(P.finishRecoveryReview.path, { token });
    expect(finished.status).toBe(200);
    expect(finished.body).toEqual({ ok: true });
    await refusedWith(token);
  });

  it('answers 400 in the spec 8 shape for a missing token or a malformed id', async () => {
    const missing = await t.client().post(P.getRecoveryReview.path, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ name: 'FieldValidationError' });
    for (const id of ['1', 0, -1, 1.5, 2 ** 40]) {
      const answer = await t.client().post(P.removeRecoveryPasskey.path, { token: 'x', id });
      expect(answer.status, String(id)).toBe(400);
      expect(answer.body).toMatchObject({ name: 'FieldValidationError' });
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { sessions, users } from '../db/schema';
import { sha256Hex } from '../security/crypto';
import { openTotpSecret } from '../security/totpSecrets';
import {
  addChannelRole,
  addOrganisationRole,
  createChannel,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  giveRecoveryCodes,
  signIn,
  testKeys,
} from '../test/fixtures';
import { expectNothingUsableAtRest } from '../test/secondFactorAtRest';
import { createTestApp, type TestApp } from '../test/testApp';

const LOGIN = API_PATHS.login.path;
const ME = API_PATHS.getMe.path;
const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const newUser = (fixture: Parameters<typeof createUser>[1] = {}) => createUser(t.db, fixture, t.clock.now());

describe('POST /api/login with e-mail and password', () => {
  it('starts a session in an httpOnly SameSite=Lax cookie and answers redirectUrl', async () => {
    const { email } = await newUser();
    const client = t.client();
    const response = await client.post(LOGIN, { email, pwd: DEFAULT_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ redirectUrl: null });
    const cookie = response.setCookies.find((line) => line.startsWith('session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // not in tests; see app.test.ts for production
    expect((await client.get(ME)).status).toBe(200);
  });

  it('accepts the e-mail in any case', async () => {
    const { email } = await newUser({ email: 'Mixed.Case@Example.com' });
    expect(email).toBe('Mixed.Case@Example.com');
    const response = await t.client().post(LOGIN, { email: 'mixed.case@example.COM', pwd: DEFAULT_PASSWORD });
    expect(response.status).toBe(200);
  });

  it('stores only a hash of the session id', async () => {
    const { email } = await newUser();
    const client = t.client();
    await signIn(client, email);
    const raw = client.cookies.get('session') ?? '';
    const stored = await t.db.select().from(sessions);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idHash).toBe(sha256Hex(raw));
    expect(stored[0]?.idHash).not.toContain(raw);
  });

  it('rotates the session at login: the old id stops working', async () => {
    const { email } = await newUser();
    const client = t.client();
    await signIn(client, email);
    const before = client.cookies.get('session');
    const second = await signIn(client, email);
    expect(second.setCookies).toHaveLength(1); // the new id only, no clearing line next to it
    const after = client.cookies.get('session');
    expect(after).not.toBe(before);
    const old = t.client();
    old.cookies.set('session', before ?? '');
    expect((await old.get(ME)).status).toBe(401);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it('expires the session server-side after 14 days', async () => {
    const { email } = await newUser();
    const client = t.client();
    await signIn(client, email);
    t.clock.advance(14 * 24 * HOUR - 1000);
    expect((await client.get(ME)).status).toBe(200);
    t.clock.advance(2000);
    expect((await client.get(ME)).status).toBe(401);
  });

  it('answers unknown_credential_error for a wrong password and for an unknown e-mail alike', async () => {
    const { email } = await newUser();
    const wrong = await t.client().post(LOGIN, { email, pwd: 'not the password' });
    const unknown = await t.client().post(LOGIN, { email: 'nobody@example.com', pwd: 'whatever' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'unknown_credential_error' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ code: 'unknown_credential_error' });
    expect(wrong.setCookies).toEqual([]);
  });

  it('answers a FieldValidationError that never echoes the password', async () => {
    const response = await t.client().post(LOGIN, { email: 'not-an-email', pwd: 'hunter2-secret' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      name: 'FieldValidationError',
      errors: [{ code: 'string.email', message: 'string.email', path: 'email' }],
    });
    expect(JSON.stringify(response.body)).not.toContain('hunter2-secret');
  });

  it('answers any.required for a missing password', async () => {
    const response = await t.client().post(LOGIN, { email: 'a@example.com' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ code: 'any.required', path: 'pwd' }] });
  });
});

describe('POST /api/login with two-factor on', () => {
  const twoFactorUser = () => newUser({ totpSecret: true });

  it('asks for the code: auth_otp_code_is_required_error, no session', async () => {
    const { email } = await twoFactorUser();
    const response = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'auth_otp_code_is_required_error' });
    expect(response.setCookies).toEqual([]);
  });

  it('signs in with the current code', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const client = t.client();
    const response = await client.post(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: currentCode(t, totpSecret!),
    });
    expect(response.status).toBe(200);
    expect((await client.get(ME)).status).toBe(200);
  });

  it('answers unknown_auth_otp_code_error for a wrong code', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const right = currentCode(t, totpSecret!);
    const wrong = right === '000000' ? '111111' : '000000';
    const response = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: wrong });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unknown_auth_otp_code_error' });
  });

  it('accepts a code one step early or late (clock skew), not two', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const login = (otp: string) => t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp });
    expect((await login(currentCode(t, totpSecret!, -1))).status).toBe(200);
    t.clock.advance(90_000); // a later step, so the next accepted code is not a replay
    expect((await login(currentCode(t, totpSecret!, 1))).status).toBe(200);
    t.clock.advance(120_000);
    const tooOld = await login(currentCode(t, totpSecret!, -2));
    expect(tooOld.status).toBe(401);
    expect(tooOld.body).toMatchObject({ code: 'auth_otp_clock_drift_error' });
  });

  it.each([
    [10, 5],
    [-10, -5],
    [-3, -2],
    [2, 1],
  ])('answers auth_otp_clock_drift_error for a code %i steps off: %i minutes', async (steps, minutes) => {
    const { email, totpSecret } = await twoFactorUser();
    const skewed = currentCode(t, totpSecret!, steps);
    const response = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: skewed });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'auth_otp_clock_drift_error', details: { minutes } });
    expect(response.setCookies).toEqual([]);
  });

  it('says nothing of drift beyond 10 steps', async () => {
    // A fixed secret and the fixed test clock make this deterministic (no chance collision with a nearer step).
    const { email } = await newUser({ totpSecret: 'JBSWY3DPEHPK3PXP' });
    const far = currentCode(t, 'JBSWY3DPEHPK3PXP', 11);
    const response = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: far });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unknown_auth_otp_code_error' });
  });

  it('accepts each code at most once (no replay), also in the next step', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const code = currentCode(t, totpSecret!);
    const login = () => t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: code });
    expect((await login()).status).toBe(200);
    const replay = await login();
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ code: 'unknown_auth_otp_code_error' });
    t.clock.advance(30_000); // still inside the +-1 window, still a replay
    expect((await login()).status).toBe(401);
  });

  it('lets exactly one of two parallel logins with the same code through', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const code = currentCode(t, totpSecret!);
    const results = await Promise.all(
      [1, 2].map(() => t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: code })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('signs in with a recovery code once; a used one is used_auth_recovery_otp_code_error', async () => {
    const { email, user } = await twoFactorUser();
    const [code] = await giveRecoveryCodes(t.db, user.id);
    const login = (recoveryOtp: string) =>
      t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, recoveryOtp });
    expect((await login(code!.toLowerCase())).status).toBe(200);
    const again = await login(code!);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ code: 'used_auth_recovery_otp_code_error' });
  });

  it('answers unknown_auth_recovery_otp_code_error for a code that is not the user’s', async () => {
    const { email, user } = await twoFactorUser();
    const other = await twoFactorUser();
    await giveRecoveryCodes(t.db, user.id);
    const [othersCode] = await giveRecoveryCodes(t.db, other.user.id);
    const response = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, recoveryOtp: othersCode });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unknown_auth_recovery_otp_code_error' });
  });

  it('checks the password before the code', async () => {
    const { email, totpSecret } = await twoFactorUser();
    const response = await t.client().post(LOGIN, { email, pwd: 'wrong', otp: currentCode(t, totpSecret!) });
    expect(response.body).toEqual({ code: 'unknown_credential_error' });
  });
});

describe('POST /api/login in an organisation that enforces two-factor', () => {
  const enforcedUser = async (through: 'organisation' | 'channel' = 'organisation') => {
    const created = await newUser();
    const organisation = await createOrganisation(t.db, { enforcesTwoFactor: true });
    if (through === 'organisation') {
      await addOrganisationRole(t.db, created.user.id, organisation.id, 'team-member');
    } else {
      const channel = await createChannel(t.db, { organisationId: organisation.id });
      await addChannelRole(t.db, created.user.id, channel.id, 'reader');
    }
    return created;
  };

  it('answers two_factor_auth_is_not_setup_error with the setup payload, the same on every try', async () => {
    const { email } = await enforcedUser();
    const first = await t.client().post<{ code: string; twoFactorVerify: Record<string, string> }>(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
    });
    expect(first.status).toBe(403);
    expect(first.body.code).toBe('two_factor_auth_is_not_setup_error');
    const { secret, otpURL, dataURL } = first.body.twoFactorVerify;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpURL).toMatch(/^otpauth:\/\/totp\//);
    expect(otpURL).toContain(`secret=${secret}`);
    expect(dataURL).toMatch(/^data:image\/png;base64,/);
    expect(first.setCookies).toEqual([]);
    const second = await t.client().post<{ twoFactorVerify: { secret: string } }>(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
    });
    expect(second.body.twoFactorVerify.secret).toBe(secret);
  });

  it('applies through a channel of the organisation too', async () => {
    const { email } = await enforcedUser('channel');
    const response = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD });
    expect(response.body).toMatchObject({ code: 'two_factor_auth_is_not_setup_error' });
  });

  it('keeps the payload with a wrong code, and completes the setup with the right one', async () => {
    const { email, user } = await enforcedUser();
    const setup = await t.client().post<{ twoFactorVerify: { secret: string } }>(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
    });
    const { secret } = setup.body.twoFactorVerify;
    const right = currentCode(t, secret);
    const wrong = await t.client().post<{ code: string; twoFactorVerify: { secret: string } }>(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: right === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('unknown_auth_otp_code_error');
    expect(wrong.body.twoFactorVerify.secret).toBe(secret);

    const client = t.client();
    const done = await client.post<{ redirectUrl: null; recoveryCodes: string[] }>(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: right,
    });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect((await client.get<{ twoFactorEnebled: boolean }>(ME)).body.twoFactorEnebled).toBe(true);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(openTotpSecret(testKeys(), 'users.totp_secret', user.id, stored?.totpSecret ?? null)).toBe(secret);
    expect(stored?.totpPendingSecret).toBeNull();
    await expectNothingUsableAtRest(t.db, { secrets: [secret] });

    // From now on it is an ordinary two-factor login, and the setup code cannot be used again.
    const next = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: right });
    expect(next.body).toEqual({ code: 'unknown_auth_otp_code_error' });
    t.clock.advance(60_000);
    const later = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: currentCode(t, secret) });
    expect(later.status).toBe(200);
  });

  it('reports a skewed device clock during setup too, keeping the payload', async () => {
    const { email } = await enforcedUser();
    const setup = await t.client().post<{ twoFactorVerify: { secret: string } }>(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
    });
    const { secret } = setup.body.twoFactorVerify;
    const response = await t
      .client()
      .post<{ code: string; details: unknown; twoFactorVerify: { secret: string } }>(LOGIN, {
        email,
        pwd: DEFAULT_PASSWORD,
        otp: currentCode(t, secret, -6),
      });
    expect(response.body.code).toBe('auth_otp_clock_drift_error');
    expect(response.body.details).toEqual({ minutes: -3 });
    expect(response.body.twoFactorVerify.secret).toBe(secret);
  });

  it('does not ask members of other organisations', async () => {
    const { email, user } = await newUser();
    const relaxed = await createOrganisation(t.db);
    await addOrganisationRole(t.db, user.id, relaxed.id, 'owner');
    expect((await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD })).status).toBe(200);
  });
});

describe('account lockout', () => {
  const fail = (email: string) => t.client().post(LOGIN, { email, pwd: 'wrong password' });

  it('locks the account for an hour after 10 failures within an hour', async () => {
    const { email } = await newUser();
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      expect((await fail(email)).body).toEqual({ code: 'unknown_credential_error' });
    }
    const tenth = await fail(email);
    expect(tenth.status).toBe(423);
    expect(tenth.body).toEqual({ code: 'account_locked_error' });
    // Even the right password is refused while locked.
    const right = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD });
    expect(right.body).toEqual({ code: 'account_locked_error' });
    t.clock.advance(HOUR + 1000);
    expect((await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it('counts wrong codes too', async () => {
    const { email, totpSecret } = await newUser({ totpSecret: true });
    const right = currentCode(t, totpSecret!);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: wrong });
    }
    const tenth = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: wrong });
    expect(tenth.body).toEqual({ code: 'account_locked_error' });
  });

  it('forgets failures older than an hour; a success does not wipe the failures of the hour', async () => {
    const { email } = await newUser();
    for (let attempt = 1; attempt <= 9; attempt += 1) await fail(email);
    t.clock.advance(HOUR + 1000);
    expect((await fail(email)).body).toEqual({ code: 'unknown_credential_error' });
    for (let attempt = 1; attempt <= 7; attempt += 1) await fail(email);
    // Eight failures this hour; a success gives back only its own count.
    await signIn(t.client(), email);
    expect((await fail(email)).body).toEqual({ code: 'unknown_credential_error' });
    expect((await fail(email)).body).toEqual({ code: 'account_locked_error' });
  });

  it('evaluates no more than 10 checks whatever the concurrency: 99 wrong and the right one at 80', async () => {
    const { email } = await newUser();
    const attempts = Array.from({ length: 100 }, (_, index) => {
      const client = t.client();
      const pwd = index === 79 ? DEFAULT_PASSWORD : `wrong password ${index}`;
      return client.post(LOGIN, { email, pwd }).then((response) => ({ response, client, index }));
    });
    const answers = await Promise.all(attempts);
    const wrongAnswers = answers.filter(
      ({ response }) => (response.body as { code?: string }).code === 'unknown_credential_error',
    );
    // Each evaluated wrong password answers unknown_credential_error, but the one that spends the last check.
    expect(wrongAnswers.length).toBeLessThanOrEqual(9);
    const right = answers[79]!;
    expect(right.response.status).toBe(423);
    expect(right.client.cookies.has('session')).toBe(false);
    expect((await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD })).body).toEqual({
      code: 'account_locked_error',
    });
  });

  it('evaluates no more than 10 checks from 20 parallel wrong passwords of one address', async () => {
    const { email } = await newUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fail(email)));
    const codes = answers.map((response) => (response.body as { code?: string }).code);
    expect(codes.filter((code) => code === 'unknown_credential_error').length).toBeLessThanOrEqual(9);
    expect(codes.filter((code) => code === 'account_locked_error').length).toBeGreaterThanOrEqual(11);
  });

  it('counts a wrong code after a right password, and gives back the right password', async () => {
    const { email, totpSecret } = await newUser({ totpSecret: true });
    const right = currentCode(t, totpSecret!);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 9; attempt += 1)
      expect((await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: wrong })).body).toEqual({
        code: 'unknown_auth_otp_code_error',
      });
    // Nine failures: the password check of the next login passes and gives its count back; its code is the tenth.
    expect((await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: wrong })).body).toEqual({
      code: 'account_locked_error',
    });
  });
});

describe('POST /api/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const { email } = await newUser();
    const client = t.client();
    await signIn(client, email);
    const raw = client.cookies.get('session') ?? '';
    const response = await client.post(API_PATHS.logout.path);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(response.setCookies.join()).toMatch(/session=;.*Max-Age=0/);
    expect(client.cookies.has('session')).toBe(false);
    const stolen = t.client();
    stolen.cookies.set('session', raw);
    expect((await stolen.get(ME)).status).toBe(401);
  });

  it('is harmless without a session', async () => {
    expect((await t.client().post(API_PATHS.logout.path)).status).toBe(200);
  });
});

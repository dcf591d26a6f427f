import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RecoveryCodesAnswerWire } from '../../api/contract/auth';
import { TwoFactorSetupWire } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import { recoveryCodes } from '../db/schema';
import { currentCode, DEFAULT_PASSWORD, signedInUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const SECRET = API_PATHS.getTwoFactorSecret.path;
const ENABLE = API_PATHS.enableTwoFactor.path;
const CODES = API_PATHS.getRecoveryCodeCount.path;
const LOGIN = API_PATHS.login.path;
const REGENERATE = API_PATHS.regenerateRecoveryCodes.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

type Setup = v.InferOutput<typeof TwoFactorSetupWire>;
type Codes = v.InferOutput<typeof RecoveryCodesAnswerWire>;

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

/** A signed-in user who has turned two-factor on from the profile. */
const withTwoFactor = async () => {
  const signedIn = await signedInUser(t);
  const setup = await signedIn.client.get<Setup>(SECRET);
  const enabled = await signedIn.client.post<Codes>(ENABLE, { otp: currentCode(t, setup.body.secret) });
  return { ...signedIn, secret: setup.body.secret, codes: enabled.body.recoveryCodes };
};

describe('GET /api/me/2fa', () => {
  it('answers a temporary secret with its otpauth URL and QR code (contract shape)', async () => {
    const { client, email } = await signedInUser(t);
    const response = await client.get<Setup>(SECRET);
    expect(response.status).toBe(200);
    expect(v.safeParse(TwoFactorSetupWire, response.body).success).toBe(true);
    expect(response.body.otpURL).toContain(`secret=${response.body.secret}`);
    expect(response.body.otpURL).toContain(encodeURIComponent(email));
    expect(response.body.otpURL).toContain('period=30');
    expect(response.body.otpURL).toContain('digits=6');
    expect(response.body.dataURL).toMatch(/^data:image\/png;base64,/);
  });

  it('keeps the pending secret across calls, so another GET cannot disturb a setup in progress', async () => {
    const { client } = await signedInUser(t);
    const first = await client.get<Setup>(SECRET);
    const second = await client.get<Setup>(SECRET);
    expect(second.body.secret).toBe(first.body.secret);
    expect((await client.post(ENABLE, { otp: currentCode(t, first.body.secret) })).status).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.client().get(SECRET)).status).toBe(401);
  });
});

describe('POST /api/me/2fa', () => {
  it('turns two-factor on with a right code and answers 10 single-use recovery codes of 6 characters', async () => {
    const { client, email, secret, codes } = await withTwoFactor();
    expect(v.safeParse(RecoveryCodesAnswerWire, { recoveryCodes: codes }).success).toBe(true);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const stored = await t.db.select().from(recoveryCodes);
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect((await client.get(API_PATHS.getMe.path)).body).toMatchObject({ twoFactorEnebled: true });

    // Login now needs the second factor.
    const login = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD });
    expect(login.body).toEqual({ code: 'auth_otp_code_is_required_error' });
    t.clock.advance(60_000);
    const withCode = await t
      .client()
      .post(LOGIN, { email, pwd: DEFAULT_PASSWORD, otp: currentCode(t, secret) });
    expect(withCode.status).toBe(200);
  });

  it("answers code 'invalid' for a wrong code (spec 8: 'Invalid otp code')", async () => {
    const { client } = await signedInUser(t);
    const setup = await client.get<Setup>(SECRET);
    const response = await client.post(ENABLE, { otp: wrongCode(currentCode(t, setup.body.secret)) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid' });
    expect((await client.get(API_PATHS.getMe.path)).body).toMatchObject({ twoFactorEnebled: false });
  });

  it('answers two_factor_setup_not_enabled_error without a secret handed out first', async () => {
    const { client } = await signedInUser(t);
    const response = await client.post(ENABLE, { otp: '123456' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'two_factor_setup_not_enabled_error' });
  });

  it('uses each handed-out secret for one setup only', async () => {
    const { client } = await signedInUser(t);
    const setup = await client.get<Setup>(SECRET);
    const code = currentCode(t, setup.body.secret);
    expect((await client.post(ENABLE, { otp: code })).status).toBe(200);
    expect((await client.post(ENABLE, { otp: code })).body).toEqual({
      code: 'two_factor_setup_not_enabled_error',
    });
  });

  it('answers a FieldValidationError for a malformed code', async () => {
    const { client } = await signedInUser(t);
    await client.get(SECRET);
    const response = await client.post(ENABLE, { otp: '12ab' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'FieldValidationError', errors: [{ path: 'otp' }] });
  });

  it('sets two-factor up again with a new secret (Resetup GA)', async () => {
    const { client, secret } = await withTwoFactor();
    const again = await client.get<Setup>(SECRET);
    expect(again.body.secret).not.toBe(secret);
    t.clock.advance(60_000);
    expect((await client.post(ENABLE, { otp: currentCode(t, again.body.secret) })).status).toBe(200);
  });
});

describe('recovery codes', () => {
  it('counts the unused codes, one less after a login with a code', async () => {
    const { client, email, codes } = await withTwoFactor();
    expect((await client.get(CODES)).body).toEqual({ remaining: 10 });
    await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, recoveryOtp: codes[3] });
    expect((await client.get(CODES)).body).toEqual({ remaining: 9 });
  });

  it('counts 0 without two-factor', async () => {
    const { client } = await signedInUser(t);
    expect((await client.get(CODES)).body).toEqual({ remaining: 0 });
  });

  it('regenerates with a current code: new codes work, old ones are unknown', async () => {
    const { client, email, codes, secret } = await withTwoFactor();
    t.clock.advance(60_000);
    const response = await client.post<Codes>(REGENERATE, { otp: currentCode(t, secret) });
    expect(response.status).toBe(200);
    expect(v.safeParse(RecoveryCodesAnswerWire, response.body).success).toBe(true);
    expect(response.body.recoveryCodes).toHaveLength(10);
    expect((await client.get(CODES)).body).toEqual({ remaining: 10 });
    const old = await t.client().post(LOGIN, { email, pwd: DEFAULT_PASSWORD, recoveryOtp: codes[0] });
    expect(old.body).toEqual({ code: 'unknown_auth_recovery_otp_code_error' });
    const fresh = await t.client().post(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
      recoveryOtp: response.body.recoveryCodes[0],
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses to regenerate without a right current code, and keeps the old codes', async () => {
    const { client, codes, secret } = await withTwoFactor();
    t.clock.advance(60_000);
    const missing = await client.post(REGENERATE, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ name: 'FieldValidationError', errors: [{ path: 'otp' }] });
    const wrong = await client.post(REGENERATE, { otp: wrongCode(currentCode(t, secret)) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'unknown_auth_otp_code_error' });
    expect((await client.get(CODES)).body).toEqual({ remaining: codes.length });
  });

  it('accepts a code once: the code that regenerated cannot regenerate again (no replay)', async () => {
    const { client, secret } = await withTwoFactor();
    t.clock.advance(60_000);
    const code = currentCode(t, secret);
    expect((await client.post(REGENERATE, { otp: code })).status).toBe(200);
    expect((await client.post(REGENERATE, { otp: code })).body).toEqual({
      code: 'unknown_auth_otp_code_error',
    });
  });

  it('counts wrong codes towards the lockout: the tenth locks the account', async () => {
    const { client, secret } = await withTwoFactor();
    t.clock.advance(60_000);
    const wrong = wrongCode(currentCode(t, secret));
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await client.post(REGENERATE, { otp: wrong })).body);
    expect(answers.at(-1)).toEqual({ code: 'account_locked_error' });
    // Locked: even the right code is refused now.
    const right = await client.post(REGENERATE, { otp: currentCode(t, secret) });
    expect(right.body).toEqual({ code: 'account_locked_error' });
  });

  it('refuses to regenerate without two-factor', async () => {
    const { client } = await signedInUser(t);
    const response = await client.post(REGENERATE, { otp: '123456' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'two_factor_setup_not_enabled_error' });
  });

  it('needs a session', async () => {
    expect((await t.client().get(CODES)).status).toBe(401);
    expect((await t.client().post(REGENERATE, { otp: '123456' })).status).toBe(401);
  });
});

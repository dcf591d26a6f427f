/**
 * The two-stage lockout (docs/decisions/security.md: Lockout): 10 failures per calling address and account, 50 per account
 * from all addresses together, in an hour. An attacker locks out their own addresses, not the owner; the owner gets
 * in by the mailbox during an account-wide lock; an unknown e-mail answers exactly as an account does. Addresses
 * come from X-Forwarded-For (TRUST_PROXY), as behind a reverse proxy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { DEFAULT_LOCKOUT } from '../config';
import { createUser, currentCode, DEFAULT_PASSWORD, giveRecoveryCodes } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const LOGIN = API_PATHS.login.path;
const HOUR = 3_600_000;
const PER_ADDRESS = DEFAULT_LOCKOUT.maxFailuresPerAddress;
const PER_ACCOUNT = DEFAULT_LOCKOUT.maxFailures;
const LOCKED = { status: 423, body: { code: 'account_locked_error' } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: true } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const newUser = (fixture: Parameters<typeof createUser>[1] = {}) => createUser(t.db, fixture, t.clock.now());

/** A client calling from this address (the first X-Forwarded-For hop). */
const from = (address: string) => t.client({ 'x-forwarded-for': address });
const login = async (address: string, body: Record<string, unknown>) => {
  const { status, body: answer } = await from(address).post(LOGIN, body);
  return { status, body: answer };
};
/** The addresses of an attacker spread over many machines: enough to spend the account-wide checks. */
const attackers = (count: number) => Array.from({ length: count }, (_, index) => `198.51.100.${index + 1}`);

describe('one address locked out, the owner elsewhere not', () => {
  it('10 wrong passwords from A lock A out of the account; the owner from B logs in', async () => {
    const { email } = await newUser();
    for (let attempt = 1; attempt < PER_ADDRESS; attempt += 1)
      expect((await login('203.0.113.1', { email, pwd: 'wrong' })).status).toBe(401);
    expect(await login('203.0.113.1', { email, pwd: 'wrong' })).toEqual(LOCKED);
    expect(await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD })).toEqual(LOCKED);
    expect((await login('192.0.2.7', { email, pwd: DEFAULT_PASSWORD })).status).toBe(200);
    // The owner's success gave its count back and left A's lock alone.
    expect(await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD })).toEqual(LOCKED);
    t.clock.advance(HOUR + 1000);
    expect((await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it('50 failures from many addresses lock the whole account for an hour', async () => {
    const { email } = await newUser();
    const answers = [];
    for (const address of attackers(PER_ACCOUNT / PER_ADDRESS))
      for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1)
        answers.push((await login(address, { email, pwd: 'wrong' })).status);
    // Each address's tenth says locked; the rest were refused passwords.
    expect(answers.filter((status) => status === 401)).toHaveLength(PER_ACCOUNT - PER_ACCOUNT / PER_ADDRESS);
    expect(await login('192.0.2.7', { email, pwd: DEFAULT_PASSWORD })).toEqual(LOCKED);
    t.clock.advance(HOUR + 1000);
    expect((await login('192.0.2.7', { email, pwd: DEFAULT_PASSWORD })).status).toBe(200);
  });
});

describe('an unknown e-mail', () => {
  it('answers the same statuses and bodies as an account through the whole sequence', async () => {
    const { email } = await newUser();
    const nobody = 'nobody.here@example.com';
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    const both = async (address: string) => {
      known.push(await login(address, { email, pwd: 'wrong' }));
      unknown.push(await login(address, { email: nobody, pwd: 'wrong' }));
    };
    // One address past its limit, more addresses up to the account's, a fresh one during the lock, and after it.
    for (let attempt = 0; attempt < PER_ADDRESS + 2; attempt += 1) await both('203.0.113.1');
    for (const address of attackers(PER_ACCOUNT / PER_ADDRESS - 1))
      for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1) await both(address);
    await both('192.0.2.7');
    t.clock.advance(30 * 60_000);
    await both('192.0.2.8');
    t.clock.advance(30 * 60_000 + 1000);
    await both('192.0.2.8');
    await both('203.0.113.1');

    expect(unknown).toEqual(known);
    // And the sequence is the one the policy describes (so equal answers are not equal by accident).
    const statuses = known.map((answer) => (answer as { status: number }).status);
    expect(statuses.slice(0, PER_ADDRESS + 2)).toEqual([...Array(PER_ADDRESS - 1).fill(401), 423, 423, 423]);
    expect(statuses.slice(-4)).toEqual([423, 423, 401, 401]);
  });
});

describe('the owner gets in by the mailbox during an account-wide lock', () => {
  const lockAccount = async (email: string) => {
    for (const address of attackers(PER_ACCOUNT / PER_ADDRESS))
      for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1)
        await login(address, { email, pwd: 'wrong' });
    expect(await login('192.0.2.7', { email, pwd: DEFAULT_PASSWORD })).toEqual(LOCKED);
  };

  it('with a magic link', async () => {
    const { email } = await newUser();
    await lockAccount(email);
    const owner = from('192.0.2.7');
    expect((await owner.post(API_PATHS.forgotPassword.path, { email, generateMagicLink: true })).status).toBe(
      200,
    );
    const token = new URL(await t.lastLink(email)).searchParams.get('magicLinkToken');
    expect((await owner.post(API_PATHS.exchangeMagicLink.path, { token })).status).toBe(200);
    expect((await owner.get(API_PATHS.getMe.path)).status).toBe(200);
    // The lock still holds for whoever guesses the password.
    expect(await login('192.0.2.9', { email, pwd: DEFAULT_PASSWORD })).toEqual(LOCKED);
  });

  it('with a password reset, even from an address that was locked out', async () => {
    const { email } = await newUser();
    await lockAccount(email);
    const owner = from(attackers(1)[0]!);
    expect((await owner.post(API_PATHS.forgotPassword.path, { email })).status).toBe(200);
    const token = new URL(await t.lastLink(email)).searchParams.get('token') ?? '';
    const reset = await owner.post(
      API_PATHS.setNewPassword.path,
      { pwd: 'a brand new secret' },
      { query: { token } },
    );
    expect(reset.status).toBe(200);
    expect((await login(attackers(1)[0]!, { email, pwd: 'a brand new secret' })).status).toBe(200);
  });
});

describe('codes at login follow the same rules', () => {
  it('10 wrong one-time codes from A lock A out; the owner from B signs in with the right code', async () => {
    const { email, totpSecret } = await newUser({ totpSecret: true });
    const right = () => currentCode(t, totpSecret!);
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    for (let attempt = 1; attempt < PER_ADDRESS; attempt += 1)
      expect((await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD, otp: wrong() })).body).toEqual({
        code: 'unknown_auth_otp_code_error',
      });
    expect(await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD, otp: wrong() })).toEqual(LOCKED);
    expect(await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD, otp: right() })).toEqual(LOCKED);
    expect((await login('192.0.2.7', { email, pwd: DEFAULT_PASSWORD, otp: right() })).status).toBe(200);
  });

  it('10 wrong recovery codes from A lock A out; the owner from B signs in with a recovery code', async () => {
    const { email, user } = await newUser({ totpSecret: true });
    const [code] = await giveRecoveryCodes(t.db, user.id, t.clock.now());
    const guess = (attempt: number) => `QQQ${String(attempt).padStart(3, '0')}`;
    for (let attempt = 1; attempt < PER_ADDRESS; attempt += 1)
      expect(
        (await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD, recoveryOtp: guess(attempt) })).status,
      ).toBe(401);
    expect(await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD, recoveryOtp: guess(99) })).toEqual(
      LOCKED,
    );
    expect(await login('203.0.113.1', { email, pwd: DEFAULT_PASSWORD, recoveryOtp: code })).toEqual(LOCKED);
    expect((await login('192.0.2.7', { email, pwd: DEFAULT_PASSWORD, recoveryOtp: code })).status).toBe(200);
  });

  it('wrong codes from many addresses lock the whole account at 50', async () => {
    const { email, totpSecret } = await newUser({ totpSecret: true });
    const right = () => currentCode(t, totpSecret!);
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    for (const address of attackers(PER_ACCOUNT / PER_ADDRESS))
      for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1)
        await login(address, { email, pwd: DEFAULT_PASSWORD, otp: wrong() });
    expect(await login('192.0.2.7', { email, pwd: DEFAULT_PASSWORD, otp: right() })).toEqual(LOCKED);
  });
});

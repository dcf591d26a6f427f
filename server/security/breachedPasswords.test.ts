import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { loadConfig } from '../config';
import { captureLog } from '../test/capturedLog';
import { createUser, signedInUser } from '../test/fixtures';
import { BREACHED_SAMPLES, type PwnedStandIn, startPwnedStandIn } from '../test/pwnedStandIn';
import { createTestApp, type TestApp } from '../test/testApp';
import { countInRange } from './breachedPasswords';

/**
 * docs/decisions/security.md: Breached passwords. Against a local stand-in range service: a breached password is
 * refused at sign-up, at a reset and at a change, with how often it was seen; only 5 hex characters of its SHA-1
 * leave, with the padding header; a service down or slow lets the password through and says so in the log; without
 * PWNED_PASSWORDS_URL nothing is asked.
 */
const BREACHED = 'password123';
const FINE = 'a fine and long passphrase 77';
const TIMEOUT_MS = 300;

let standIn: PwnedStandIn;
let t: TestApp;

beforeAll(async () => {
  standIn = await startPwnedStandIn();
  t = await createTestApp({ config: { breachedPasswords: { url: standIn.url, timeoutMs: TIMEOUT_MS } } });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(async () => {
  await t.reset();
  standIn.asked.length = 0;
  standIn.setDelay(0);
});

let next = 0;
const signUp = (pwd: string) => {
  next += 1;
  return t.client().post(API_PATHS.registerCurator.path, {
    email: `breach-${next}@example.com`,
    pwd,
    screenName: 'Bea Breach',
    channelName: `Breach Desk ${next}`,
    subdomain: `breachdesk${next}`,
  });
};

const refusedAsBreached = (answer: { status: number; body: unknown }, count: number) => {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ code: 'password_breached_error', details: { count } });
};

describe('the breached-password check', () => {
  it('refuses a breached password at sign-up with how often it was seen, sending 5 hex characters only', async () => {
    refusedAsBreached(await signUp(BREACHED), BREACHED_SAMPLES[BREACHED] as number);
    const hash = createHash('sha1').update(BREACHED).digest('hex').toUpperCase();
    expect(standIn.asked).toEqual([{ path: `/range/${hash.slice(0, 5)}`, padding: true }]);
    expect(JSON.stringify(standIn.asked)).not.toContain(hash.slice(5, 12));
    expect((await signUp(FINE)).status).toBe(200);
    expect(standIn.asked[1]?.path).toMatch(/^\/range\/[0-9A-F]{5}$/);
  });

  it('refuses it when a new password is set by a reset link, and when a signed-in person changes it', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    expect((await t.client().post(API_PATHS.forgotPassword.path, { email })).status).toBe(200);
    const token = new URL(await t.lastLink(email)).searchParams.get('token') ?? '';
    const set = (pwd: string) =>
      t.client().post(API_PATHS.setNewPassword.path, { pwd }, { query: { token } });
    refusedAsBreached(await set('correct horse battery staple'), 412);
    expect((await set(FINE)).status).toBe(200);

    // A password login is a fresh proof: the change needs no other step-up.
    const { client } = await signedInUser(t);
    refusedAsBreached(await client.post(API_PATHS.changePassword.path, { pwd: BREACHED }), 251_682);
    expect((await client.post(API_PATHS.changePassword.path, { pwd: FINE })).status).toBe(200);
  });

  it('lets the password through when the service is slow, and logs the skip without the password', async () => {
    standIn.setDelay(TIMEOUT_MS * 4);
    const log = captureLog('warn');
    try {
      const started = Date.now();
      expect((await signUp(BREACHED)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
      const skipped = log.lines().filter((line) => line.event === 'breached_password_check_skipped');
      expect(skipped).toMatchObject([{ reason: 'timeout' }]);
      expect(JSON.stringify(log.lines())).not.toContain(BREACHED);
    } finally {
      log.restore();
    }
  });

  it('lets the password through when the service is down', async () => {
    const down = await startPwnedStandIn();
    await down.close();
    const settings = t.config.breachedPasswords;
    t.config.breachedPasswords = { url: down.url, timeoutMs: TIMEOUT_MS };
    const log = captureLog('warn');
    try {
      expect((await signUp(BREACHED)).status).toBe(200);
      expect(log.lines().some((line) => line.event === 'breached_password_check_skipped')).toBe(true);
    } finally {
      log.restore();
      t.config.breachedPasswords = settings;
    }
  });

  it('asks nothing without PWNED_PASSWORDS_URL', async () => {
    const settings = t.config.breachedPasswords;
    t.config.breachedPasswords = undefined;
    try {
      expect((await signUp(BREACHED)).status).toBe(200);
      expect(standIn.asked).toEqual([]);
    } finally {
      t.config.breachedPasswords = settings;
    }
  });
});

describe('reading a range answer and the settings', () => {
  it('counts the suffix, never a padding line or a line of another shape', () => {
    const suffix = 'A'.repeat(35);
    expect(countInRange(`${'B'.repeat(35)}:3\r\n${suffix}:12\r\n${'C'.repeat(35)}:0`, suffix)).toBe(12);
    expect(countInRange(`${suffix}:0\n`, suffix)).toBe(0);
    expect(countInRange(`${suffix}:-4\n${suffix.toLowerCase()}x:9\n<html>`, suffix)).toBe(0);
  });

  it('reads PWNED_PASSWORDS_URL and its time-out, and refuses a mistake at start', () => {
    expect(loadConfig({}).breachedPasswords).toBeUndefined();
    expect(loadConfig({ PWNED_PASSWORDS_URL: 'https://api.pwnedpasswords.com' }).breachedPasswords).toEqual({
      url: 'https://api.pwnedpasswords.com',
      timeoutMs: 1500,
    });
    expect(() => loadConfig({ PWNED_PASSWORDS_URL: 'file:///etc/passwd' })).toThrow(/PWNED_PASSWORDS_URL/);
    expect(() =>
      loadConfig({ PWNED_PASSWORDS_URL: 'http://127.0.0.1:9', PWNED_PASSWORDS_TIMEOUT_MS: '0' }),
    ).toThrow(/PWNED_PASSWORDS_TIMEOUT_MS/);
  });
});

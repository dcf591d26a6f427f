/**
 * The security notices sent for two-factor, recovery codes and sign-ins from a browser not seen before
 * (docs/decisions.md: Security notices), read from the outbox.
 */
import type * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecoveryCodesAnswerWire } from '../../api/contract/auth';
import type { TwoFactorSetupWire } from '../../api/contract/common';
import { API_PATHS } from '../../api/contract/paths';
import { SEEN_BROWSER_MS } from '../security/seenBrowsers';
import {
  addOrganisationRole,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  signedInUser,
} from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const LOGIN = API_PATHS.login.path;
const SECRET = API_PATHS.getTwoFactorSecret.path;
const ENABLE = API_PATHS.enableTwoFactor.path;
const REGENERATE = API_PATHS.regenerateRecoveryCodes.path;
const FIREFOX_128 = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const FIREFOX_129 = 'Mozilla/5.0 (X11; Linux x86_64; rv:129.0) Gecko/20100101 Firefox/129.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

type Setup = v.InferOutput<typeof TwoFactorSetupWire>;
type Codes = v.InferOutput<typeof RecoveryCodesAnswerWire>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const subjects = async (email: string) => (await t.mailbox(email)).map((mail) => mail.subject);

const loginFrom = (email: string, userAgent: string, extra: Record<string, string> = {}) =>
  t.client({ 'user-agent': userAgent, ...extra }).post(LOGIN, { email, pwd: DEFAULT_PASSWORD });

describe('two-factor notices', () => {
  const turnOn = async (client: ReturnType<TestApp['client']>) => {
    const setup = await client.get<Setup>(SECRET);
    return client.post<Codes>(
      ENABLE,
      { otp: currentCode(t, setup.body.secret) },
      { headers: { 'user-agent': FIREFOX_128 } },
    );
  };

  it('tells when two-factor is turned on from the profile, and again when it is set up anew', async () => {
    const { client, email } = await signedInUser(t, { screenName: 'Ada' });
    expect((await turnOn(client)).status).toBe(200);
    const [on] = await t.mailbox(email);
    expect(on?.subject).toBe('Two-factor authentication was turned on');
    expect(on?.text).toContain('Hello Ada,');
    expect(on?.text).toContain('Firefox 128 (Linux)');
    expect(on?.text).toContain('2026-01-15 09:00 UTC');
    expect(on?.links[0]).toContain('/forgot_password');
    t.clock.advance(60_000);
    expect((await turnOn(client)).status).toBe(200);
    expect((await t.mailbox(email))[0]?.subject).toBe('Two-factor authentication was set up again');
  });

  it('sends nothing for a wrong code', async () => {
    const { client, email } = await signedInUser(t);
    await client.get<Setup>(SECRET);
    expect((await client.post(ENABLE, { otp: '000000' })).status).toBe(400);
    expect(await subjects(email)).toEqual([]);
  });

  it('tells when two-factor is set up at a login an organisation requires it for', async () => {
    const { user, email } = await createUser(t.db, {}, t.clock.now());
    const organisation = await createOrganisation(t.db, { enforcesTwoFactor: true });
    await addOrganisationRole(t.db, user.id, organisation.id, 'team-member');
    const first = await t.client().post<{ twoFactorVerify: { secret: string } }>(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
    });
    expect(await subjects(email)).toEqual([]);
    const done = await t.client().post(LOGIN, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: currentCode(t, first.body.twoFactorVerify.secret),
    });
    expect(done.status).toBe(200);
    expect(await subjects(email)).toEqual(['Two-factor authentication was turned on']);
  });

  it('tells when recovery codes are regenerated, in the language of the request; not when refused', async () => {
    const { client, email } = await signedInUser(t);
    const setup = await client.get<Setup>(SECRET);
    await client.post(ENABLE, { otp: currentCode(t, setup.body.secret) });
    t.clock.advance(60_000);
    expect((await client.post(REGENERATE, { otp: '000000' })).status).toBe(401);
    expect(await subjects(email)).toEqual(['Two-factor authentication was turned on']);
    const again = await client.post<Codes>(
      REGENERATE,
      { otp: currentCode(t, setup.body.secret) },
      { headers: { 'accept-language': 'de-DE' } },
    );
    expect(again.status).toBe(200);
    expect((await subjects(email))[0]).toBe('Neue Wiederherstellungscodes wurden erstellt');
  });
});

describe('a sign-in from a browser not seen before', () => {
  it("sends none at an account's first sign-in, nor for the same browser again, even updated", async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    expect((await loginFrom(email, FIREFOX_128)).status).toBe(200);
    expect((await loginFrom(email, FIREFOX_128)).status).toBe(200);
    expect((await loginFrom(email, FIREFOX_129)).status).toBe(200);
    expect(await subjects(email)).toEqual([]);
  });

  it('tells of another browser, naming it, once', async () => {
    const { email } = await createUser(t.db, { screenName: 'Ada' }, t.clock.now());
    await loginFrom(email, FIREFOX_128);
    t.clock.advance(60_000);
    expect((await loginFrom(email, CHROME_WINDOWS)).status).toBe(200);
    const [notice] = await t.mailbox(email);
    expect(notice?.subject).toBe('A sign-in from a new browser');
    expect(notice?.text).toContain('Chrome 120 (Windows 10)');
    expect(notice?.text).toContain('2026-01-15 09:01 UTC');
    expect(notice?.links[0]).toContain('/forgot_password');
    await loginFrom(email, CHROME_WINDOWS);
    await loginFrom(email, FIREFOX_128);
    expect(await subjects(email)).toEqual(['A sign-in from a new browser']);
  });

  it('also for a magic-link sign-in, in the language of the request', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await loginFrom(email, FIREFOX_128);
    await t.client().post(API_PATHS.forgotPassword.path, { email, generateMagicLink: true });
    const token = new URL(await t.lastLink(email)).searchParams.get('magicLinkToken');
    const signedIn = await t
      .client({ 'user-agent': CHROME_WINDOWS, 'accept-language': 'de' })
      .post(API_PATHS.exchangeMagicLink.path, { token });
    expect(signedIn.status).toBe(200);
    expect((await subjects(email))[0]).toBe('Anmeldung aus einem neuen Browser');
  });

  it('forgets a browser not used for the whole window', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await loginFrom(email, FIREFOX_128);
    await loginFrom(email, CHROME_WINDOWS);
    t.clock.advance(SEEN_BROWSER_MS - 60_000);
    await loginFrom(email, CHROME_WINDOWS);
    expect(await subjects(email)).toEqual(['A sign-in from a new browser']);
    t.clock.advance(120_000);
    await loginFrom(email, CHROME_WINDOWS);
    await loginFrom(email, FIREFOX_128);
    expect(await subjects(email)).toEqual(['A sign-in from a new browser', 'A sign-in from a new browser']);
  });

  it('sends none for a wrong password', async () => {
    const { email } = await createUser(t.db, {}, t.clock.now());
    await loginFrom(email, FIREFOX_128);
    const wrong = await t
      .client({ 'user-agent': CHROME_WINDOWS })
      .post(LOGIN, { email, pwd: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(await subjects(email)).toEqual([]);
  });
});

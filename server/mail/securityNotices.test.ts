/**
 * The security notices sent for every way into the account added or removed (passkeys, two-factor, recovery codes)
 * and for sign-ins from a browser not seen before (docs/decisions/security.md: Security notices; A notice for every way in),
 * read from the outbox.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecoveryCodesAnswerWire } from '../../api/contract/auth';
import type { TwoFactorSetupWire } from '../../api/contract/common';
import { LOCALES } from '../../api/contract/limits';
import { PasskeyWire } from '../../api/contract/passkeys';
import { API_PATHS, apiPath } from '../../api/contract/paths';
import { users } from '../db/schema';
import { SEEN_BROWSER_MS } from '../security/seenBrowsers';
import {
  addOrganisationRole,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  signedInUser,
} from '../test/fixtures';
import { registrationOptions, userWithPasskey } from '../test/passkeyFixtures';
import { SoftAuthenticator } from '../test/softAuthenticator';
import { createTestApp, type TestApp, type TestClient } from '../test/testApp';
import { renderMail } from './templates';

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

/** The account keeps German; whoever makes the change browses in Russian. */
const accountInGerman = (email: string) =>
  t.db.update(users).set({ locale: 'de-DE' }).where(eq(users.email, email));
const RUSSIAN_FIREFOX = { 'user-agent': FIREFOX_128, 'accept-language': 'ru-RU,ru;q=0.9' };

/** The same session as `client`, from another browser (its headers on every call). */
const sameSessionAs = (client: TestClient, headers: Record<string, string>) => {
  const other = t.client(headers);
  other.cookies.set('session', client.cookies.get('session') ?? '');
  return other;
};

const addPasskey = async (client: TestClient, name?: string) => {
  const credential = new SoftAuthenticator(t.config.siteUrl).create(await registrationOptions(client));
  return client.post(API_PATHS.addPasskey.path, { credential, ...(name === undefined ? {} : { name }) });
};

describe('passkey notices', () => {
  it("tells the account's address, in its language, that a passkey was added, when and from which browser", async () => {
    const { client, email } = await signedInUser(t, { screenName: 'Ada' });
    await accountInGerman(email);
    t.clock.advance(60_000);
    const added = await addPasskey(sameSessionAs(client, RUSSIAN_FIREFOX), 'Call +1 555 0100 now');
    expect(added.status).toBe(201);
    const [notice, ...others] = await t.mailbox(email);
    expect(others).toEqual([]);
    expect(notice?.to).toBe(email);
    expect(notice?.template).toBe('passkeyAdded');
    expect(notice?.locale).toBe('de-DE');
    expect(notice?.subject).toBe('Ihrem Konto wurde ein Passkey hinzugefügt');
    expect(notice?.text).toContain('Hallo Ada,');
    expect(notice?.text).toContain(
      'am 2026-01-15 09:01 UTC von Firefox 128 (Linux) aus ein Passkey hinzugefügt',
    );
    // The 'it was not me' link asks for a reset, which is the recovery, and the mail says what it does.
    expect(notice?.links).toEqual([`${t.config.siteUrl}/forgot_password`]);
    expect(notice?.text).toContain('werden alle Sitzungen abgemeldet');
    // The name is the adder's words: never in a mail to the owner.
    expect(notice?.text).not.toContain('555');
    expect(t.delivered.map((mail) => mail.to)).toEqual([email]);
  });

  it('tells that a passkey was removed, naming when it had been added', async () => {
    const { client, email, passkey } = await userWithPasskey(t, { screenName: 'Ada' });
    t.clock.advance(3 * 60 * 60_000);
    const removed = await sameSessionAs(client, { 'user-agent': CHROME_WINDOWS }).delete(
      apiPath('removePasskey', { id: String(passkey.id) }),
    );
    expect(removed.status).toBe(200);
    const [notice] = await t.mailbox(email);
    expect(notice?.subject).toBe('A passkey was removed from your account');
    expect(notice?.text).toContain(
      'the passkey added to your account on 2026-01-15 09:00 UTC was removed on 2026-01-15 12:00 UTC from Chrome 120 (Windows 10). It no longer signs in.',
    );
    expect(notice?.links).toEqual([`${t.config.siteUrl}/forgot_password`]);
    expect(await subjects(email)).toEqual([
      'A passkey was removed from your account',
      'A passkey was added to your account',
    ]);
  });

  it('sends nothing for a refused addition: no step-up, a challenge used twice, a credential already there', async () => {
    const { client, email } = await signedInUser(t);
    const options = await registrationOptions(client);
    t.clock.advance(10 * 60_000);
    const late = await client.post(API_PATHS.addPasskey.path, {
      credential: new SoftAuthenticator(t.config.siteUrl).create(options),
    });
    expect(late.body).toMatchObject({ code: 'step_up_required_error' });
    expect(await subjects(email)).toEqual([]);

    const { client: fresh, email: other, authenticator } = await userWithPasskey(t);
    expect(await subjects(other)).toEqual(['A passkey was added to your account']);
    const again = await registrationOptions(fresh);
    const credential = authenticator.create(again);
    expect((await fresh.post(API_PATHS.addPasskey.path, { credential })).status).toBe(201);
    const replayed = await fresh.post(API_PATHS.addPasskey.path, { credential });
    expect(replayed.body).toMatchObject({ code: 'passkey_invalid_error' });
    const twice = await fresh.post(API_PATHS.addPasskey.path, {
      credential: authenticator.create(await registrationOptions(fresh), {}, authenticator.keys[0]),
    });
    expect(twice.body).toMatchObject({ code: 'passkey_already_registered_error' });
    expect(await subjects(other)).toEqual([
      'A passkey was added to your account',
      'A passkey was added to your account',
    ]);
  });

  it("sends nothing for a refused removal: one already gone, another account's", async () => {
    const owner = await userWithPasskey(t);
    const stranger = await signedInUser(t);
    const path = apiPath('removePasskey', { id: String(owner.passkey.id) });
    expect((await stranger.client.delete(path)).status).toBe(404);
    expect((await owner.client.delete(path)).status).toBe(200);
    expect((await owner.client.delete(path)).status).toBe(404);
    expect(await subjects(stranger.email)).toEqual([]);
    expect(await subjects(owner.email)).toEqual([
      'A passkey was removed from your account',
      'A passkey was added to your account',
    ]);
  });

  it('tells once of a passkey removed by two calls at once', async () => {
    const { client, email, passkey } = await userWithPasskey(t);
    const path = apiPath('removePasskey', { id: String(passkey.id) });
    const answers = await Promise.all([client.delete(path), client.delete(path), client.delete(path)]);
    expect(answers.map((answer) => answer.status)).toContain(200);
    expect(await subjects(email)).toEqual([
      'A passkey was removed from your account',
      'A passkey was added to your account',
    ]);
  });

  it('is counted with every notice per recipient: 3 in 15 minutes, while the changes themselves go through', async () => {
    const { client, email } = await signedInUser(t);
    const answers = [];
    for (let n = 0; n < 4; n += 1) answers.push((await addPasskey(client)).status);
    expect(answers).toEqual([201, 201, 201, 201]);
    expect(await subjects(email)).toHaveLength(3);
    const [first] = v.parse(
      v.object({ passkeys: v.array(PasskeyWire) }),
      (await client.get(API_PATHS.getPasskeys.path)).body,
    ).passkeys;
    t.clock.advance(15 * 60_000);
    expect((await client.delete(apiPath('removePasskey', { id: String(first?.id) }))).status).toBe(200);
    expect((await subjects(email))[0]).toBe('A passkey was removed from your account');
    expect(await subjects(email)).toHaveLength(4);
  });
});

describe("two-factor notices in the account's language", () => {
  it('turned on, set up again and new recovery codes: each says which, when, from where, with the recovery link', async () => {
    const { client, email } = await signedInUser(t, { screenName: 'Ada' });
    await accountInGerman(email);
    const intruder = sameSessionAs(client, RUSSIAN_FIREFOX);
    const first = await intruder.get<Setup>(SECRET);
    expect((await intruder.post(ENABLE, { otp: currentCode(t, first.body.secret) })).status).toBe(200);
    t.clock.advance(60_000);
    const second = await intruder.get<Setup>(SECRET);
    expect((await intruder.post(ENABLE, { otp: currentCode(t, second.body.secret) })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await intruder.post(REGENERATE, { otp: currentCode(t, second.body.secret) })).status).toBe(200);

    const [codes, again, on] = await t.mailbox(email);
    expect([on?.subject, again?.subject, codes?.subject]).toEqual([
      'Die Zwei-Faktor-Anmeldung wurde eingeschaltet',
      'Die Zwei-Faktor-Anmeldung wurde neu eingerichtet',
      'Neue Wiederherstellungscodes wurden erstellt',
    ]);
    expect(on?.text).toContain('am 2026-01-15 09:00 UTC von Firefox 128 (Linux) aus eingeschaltet');
    expect(again?.text).toContain('mit einem neuen Authenticator neu eingerichtet');
    expect(again?.text).toContain('2026-01-15 09:01 UTC');
    expect(codes?.text).toContain(
      'am 2026-01-15 09:02 UTC von Firefox 128 (Linux) aus neue Wiederherstellungscodes',
    );
    for (const mail of [on, again, codes]) {
      expect(mail?.to).toBe(email);
      expect(mail?.locale).toBe('de-DE');
      expect(mail?.links).toEqual([`${t.config.siteUrl}/forgot_password`]);
      expect(mail?.text).toContain('Passkeys, Authenticator-App, Wiederherstellungscodes');
    }
  });

  it('sends nothing when setting up again is refused', async () => {
    const { client, email } = await signedInUser(t);
    const setup = await client.get<Setup>(SECRET);
    await client.post(ENABLE, { otp: currentCode(t, setup.body.secret) });
    const anew = await client.get<Setup>(SECRET);
    const wrong = currentCode(t, anew.body.secret) === '000000' ? '111111' : '000000';
    expect((await client.post(ENABLE, { otp: wrong })).status).toBe(400);
    expect(await subjects(email)).toEqual(['Two-factor authentication was turned on']);
  });
});

describe('the words of the way-in notices', () => {
  const notice = {
    link: 'http://l.test/forgot_password',
    screenName: 'Ada',
    when: 'WHEN',
    browser: 'BROWSER',
  };
  const mails = {
    passkeyAdded: (locale: (typeof LOCALES)[number]) => renderMail('passkeyAdded', notice, locale),
    passkeyRemoved: (locale: (typeof LOCALES)[number]) =>
      renderMail('passkeyRemoved', { ...notice, addedOn: 'ADDED' }, locale),
  };

  it.each(
    Object.entries(mails),
  )('%s is written in each of the six languages, saying when and where', (_, render) => {
    const english = render('en-US');
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      const mail = render(locale);
      subjects.add(mail.subject);
      expect(mail.text).toContain('WHEN');
      expect(mail.text).toContain('BROWSER');
      expect(mail.text).toContain('http://l.test/forgot_password');
      if (locale !== 'en-US') expect(mail.text).not.toBe(english.text);
    }
    expect(subjects.size).toBe(LOCALES.length);
  });

  it('a removal says when the passkey had been added, in every language', () => {
    for (const locale of LOCALES) expect(mails.passkeyRemoved(locale).text).toContain('ADDED');
  });
});

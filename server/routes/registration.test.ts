import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORBIDDEN_USER_IS_VERIFIED } from '../../api/contract/errorShapes';
import { CHANNEL_ROLE_IDS, RECOVERY_CODE_COUNT } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import {
  CheckInviteAnswerWire,
  ConfirmAnswerWire,
  RegisterAnswerWire,
} from '../../api/contract/registration';
import { followedSubdomain, subdomainAfterName } from '../../api/contract/subdomain';
import { channels, invitations, memberships, organisations, tokens, users } from '../db/schema';
import { createInvitation } from '../invitations';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import { openTotpSecret } from '../security/totpSecrets';
import { runTermsCommand } from '../terms/command';
import {
  createChannel,
  createOrganisation,
  createUser,
  currentCode,
  signIn,
  testKeys,
} from '../test/fixtures';
import { expectNothingUsableAtRest } from '../test/secondFactorAtRest';
import { createTestApp, type TestApp } from '../test/testApp';
import { hashToken } from '../tokens';

const REGISTER = API_PATHS.registerCurator.path;
const CONFIRM = API_PATHS.confirmEmail.path;
const ME = API_PATHS.getMe.path;
const DAY = 24 * 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const curator = (changes: Record<string, unknown> = {}) => ({
  email: 'casey@example.com',
  pwd: 'secret-5',
  screenName: 'Casey Curator',
  channelName: 'Morning News',
  subdomain: 'morning_news',
  ...changes,
});

const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/** An invitation into a fresh channel; answers its raw token and the rows. */
const invite = async (
  options: { enforcesTwoFactor?: boolean; role?: keyof typeof CHANNEL_ROLE_IDS } = {},
) => {
  const organisation = await createOrganisation(t.db, {
    subdomain: 'acme',
    name: 'Acme',
    enforcesTwoFactor: options.enforcesTwoFactor ?? false,
  });
  const channel = await createChannel(t.db, {
    organisationId: organisation.id,
    subdomain: 'sales',
    name: 'Sales',
  });
  const roleId = CHANNEL_ROLE_IDS[options.role ?? 'editor'];
  const token = await createInvitation(t, {
    organisationId: organisation.id,
    channelId: channel.id,
    roleId,
    email: 'Ivy@Example.com',
    screenName: 'Ivy Invitee',
    isReader: roleId === CHANNEL_ROLE_IDS.reader,
    inviterId: null,
  });
  return { token, organisation, channel };
};

const inviteBody = (token: string, changes: Record<string, unknown> = {}) => ({
  token,
  email: 'ivy@example.com',
  pwd: 'secret-5',
  screenName: 'Ivy I.',
  ...changes,
});

describe('POST /api/register as a curator', () => {
  it('creates the user and a channel in welcome with the user as admin, mails a confirmation, signs in', async () => {
    const client = t.client();
    const response = await client.post(REGISTER, curator());
    expect(response.status).toBe(200);
    expect(v.parse(RegisterAnswerWire, response.body)).toEqual({ redirectUrl: '/me' });

    const [user] = await t.db.select().from(users);
    expect(user?.email).toBe('casey@example.com');
    expect(user?.confirmedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [channel] = await t.db.select().from(channels);
    const [welcome] = await t.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, channel?.organisationId ?? 0));
    expect(welcome?.subdomain).toBe('welcome');
    expect(channel).toMatchObject({ name: 'Morning News', subdomain: 'morningnews', ownerId: user?.id });
    const [membership] = await t.db.select().from(memberships);
    expect(membership).toMatchObject({
      userId: user?.id,
      channelId: channel?.id,
      roleId: CHANNEL_ROLE_IDS.admin,
    });

    const [mail] = await t.mailbox('casey@example.com');
    expect(mail?.links[0]).toMatch(/^http:\/\/site\.test\/confirm\?token=/);
    const me = await client.get<{ accountConfirmationPending: boolean }>(ME);
    expect(me.status).toBe(200);
    expect(me.body.accountConfirmationPending).toBe(true);
  });

  it('normalises the subdomain per spec 5 (underscores and spaces go, lower case)', async () => {
    const response = await t.client().post(REGISTER, curator({ subdomain: 'Big _News 2' }));
    expect(response.status).toBe(200);
    const [channel] = await t.db.select().from(channels);
    expect(channel?.subdomain).toBe('bignews2');
  });

  it('answers channel_subdomain_already_exist_error for a taken subdomain, and creates no user', async () => {
    await t.client().post(REGISTER, curator());
    const response = await t
      .client()
      .post(REGISTER, curator({ email: 'other@example.com', subdomain: 'Morning News' }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'channel_subdomain_already_exist_error' });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it("accepts what /register suggests for 'Müller & Söhne News' (one normalisation, docs/decisions/README.md)", async () => {
    const suggested = subdomainAfterName(followedSubdomain(), 'Müller & Söhne News').value;
    const response = await t
      .client()
      .post(REGISTER, curator({ channelName: 'Müller & Söhne News', subdomain: suggested }));
    expect(response.status).toBe(200);
    const [channel] = await t.db.select().from(channels);
    expect(channel?.subdomain).toBe('mullersohnenews');
  });

  it('folds letters and drops other characters of a typed subdomain, as the forms do', async () => {
    const response = await t.client().post(REGISTER, curator({ subdomain: 'Café_Zürich!' }));
    expect(response.status).toBe(200);
    const [channel] = await t.db.select().from(channels);
    expect(channel?.subdomain).toBe('cafezurich');
  });

  it('answers channel_subdomain_is_malformed_error for a dash at either end (normalisation cannot fix it)', async () => {
    for (const subdomain of ['-news', 'news-', '--x--']) {
      const response = await t.client().post(REGISTER, curator({ subdomain }));
      expect(response.status, subdomain).toBe(400);
      expect(response.body, subdomain).toEqual({ code: 'channel_subdomain_is_malformed_error' });
    }
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('answers a FieldValidationError when the normalised subdomain is too short or too long', async () => {
    const short = await t.client().post(REGISTER, curator({ subdomain: 'a_b' }));
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      name: 'FieldValidationError',
      errors: [{ code: 'string.min', message: 'string.min', path: 'subdomain' }],
    });
    const long = await t.client().post(REGISTER, curator({ subdomain: 'x'.repeat(25) }));
    expect(long.body).toMatchObject({ errors: [{ code: 'string.max', path: 'subdomain' }] });
  });

  it('answers email_already_exist_error for a known address in any case, and creates no channel', async () => {
    await createUser(t.db, { email: 'casey@example.com' });
    const response = await t.client().post(REGISTER, curator({ email: 'CASEY@example.com' }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'email_already_exist_error' });
    expect(await t.db.select().from(channels)).toHaveLength(0);
  });

  it('answers a FieldValidationError without the password for a short password or missing fields', async () => {
    const response = await t.client().post(REGISTER, curator({ pwd: 'abcd' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      name: 'FieldValidationError',
      errors: [{ code: 'string.min', message: 'string.min', path: 'pwd' }],
    });
    expect(JSON.stringify(response.body)).not.toContain('abcd');
    const empty = await t.client().post(REGISTER, {});
    expect(empty.status).toBe(400);
    const notJson = await t.client().request('POST', REGISTER, {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });
});

describe('GET /api/register?token (invitation check)', () => {
  it('answers data.user, data.invitee, organisation and channel (contract shape)', async () => {
    const { token } = await invite();
    const response = await t.client().get(REGISTER, { query: { token } });
    expect(response.status).toBe(200);
    const answer = v.parse(CheckInviteAnswerWire, response.body);
    expect(answer.data).toEqual({
      user: { screenName: 'Ivy Invitee', email: 'Ivy@Example.com', isReader: false, subdomain: 'sales' },
      // No terms of its own yet: the site's wording and pages (spec 2 Register).
      organisation: {
        name: 'Acme',
        subdomain: 'acme',
        terms: { wording: 'default', termsUrl: null, privacyUrl: null },
        // No branding of its own yet: its name, the initial and the site's colours.
        brand: { name: 'Acme', logoUrl: null, accent: null },
      },
      channel: { subdomain: 'sales', name: 'Sales', url: 'http://sales-acme.platform.test' },
      invitee: { image: null, screenName: 'Ivy Invitee', email: 'Ivy@Example.com' },
    });
  });

  it("answers the organisation's terms as an operator set them (npm run terms)", async () => {
    const { token } = await invite();
    const lines: string[] = [];
    const command = { db: t.db, now: t.clock.now(), print: (line: string) => lines.push(line) };
    await runTermsCommand(
      ['set', '--organisation', 'acme', '--wording', 'ceramtec', '--terms-url', 'https://acme.example/terms'],
      command,
    );
    const answer = v.parse(
      CheckInviteAnswerWire,
      (await t.client().get(REGISTER, { query: { token } })).body,
    );
    expect(answer.data?.organisation.terms).toEqual({
      wording: 'ceramtec',
      termsUrl: 'https://acme.example/terms',
      privacyUrl: null,
    });
  });

  it('answers invite_token_invalid_error for unknown, missing, used and expired tokens', async () => {
    const { token } = await invite();
    const expect404 = async (query: Record<string, string>) => {
      const response = await t.client().get(REGISTER, { query });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'invite_token_invalid_error' });
    };
    await expect404({ token: 'unknown' });
    await expect404({});
    await expect404({ token: '  ' });
    t.clock.advance(15 * DAY);
    await expect404({ token });
    t.clock.advance(-15 * DAY);
    await t.db.update(invitations).set({ usedAt: t.clock.now() });
    await expect404({ token });
  });
});

describe('POST /api/register with an invitation', () => {
  it('creates a confirmed user in the invited channel with the invited role and goes to the channel', async () => {
    const { token, channel } = await invite({ role: 'reader' });
    const client = t.client();
    const response = await client.post(REGISTER, inviteBody(token));
    expect(response.status).toBe(200);
    expect(v.parse(RegisterAnswerWire, response.body)).toEqual({
      redirectUrl: 'http://sales-acme.platform.test',
    });
    const [user] = await t.db.select().from(users);
    expect(user).toMatchObject({ email: 'Ivy@Example.com', screenName: 'Ivy I.', isReader: true });
    expect(user?.confirmedAt).not.toBeNull();
    const [membership] = await t.db.select().from(memberships);
    expect(membership).toMatchObject({
      userId: user?.id,
      channelId: channel.id,
      roleId: CHANNEL_ROLE_IDS.reader,
    });
    expect((await client.get(ME)).status).toBe(200);
  });

  it('uses the invitation up: a second sign-up with it is invite_token_invalid_error', async () => {
    const { token } = await invite();
    expect((await t.client().post(REGISTER, inviteBody(token))).status).toBe(200);
    const again = await t.client().post(REGISTER, inviteBody(token, { email: 'ivy@example.com' }));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'invite_token_invalid_error' });
  });

  it('answers invite_token_invalid_error for an unknown or expired token', async () => {
    const { token } = await invite();
    expect((await t.client().post(REGISTER, inviteBody('nope'))).body).toEqual({
      code: 'invite_token_invalid_error',
    });
    t.clock.advance(15 * DAY);
    const expired = await t.client().post(REGISTER, inviteBody(token));
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ code: 'invite_token_invalid_error' });
  });

  it('refuses another e-mail address than the invited one', async () => {
    const { token } = await invite();
    const response = await t.client().post(REGISTER, inviteBody(token, { email: 'mallory@example.com' }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ code: 'any.only', path: 'email' }] });
  });

  it('answers email_already_exist_error when the address has an account, and keeps the invitation', async () => {
    const { token } = await invite();
    await createUser(t.db, { email: 'ivy@example.com' });
    const response = await t.client().post(REGISTER, inviteBody(token));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'email_already_exist_error' });
    const [invitation] = await t.db.select().from(invitations);
    expect(invitation?.usedAt).toBeNull();
  });

  describe('into an organisation that enforces two-factor', () => {
    it('answers two_factor_auth_is_not_setup_error with the setup payload, then completes with the code', async () => {
      const { token } = await invite({ enforcesTwoFactor: true });
      const client = t.client();
      const first = await client.post<{
        code: string;
        twoFactorVerify: { secret: string; dataURL: string; otpURL: string };
      }>(REGISTER, inviteBody(token));
      expect(first.status).toBe(403);
      expect(first.body.code).toBe('two_factor_auth_is_not_setup_error');
      const { secret, dataURL, otpURL } = first.body.twoFactorVerify;
      expect(dataURL).toMatch(/^data:image\/png;base64,/);
      expect(otpURL).toContain(`secret=${secret}`);
      expect(await t.db.select().from(users)).toHaveLength(0);

      // The payload is kept: asking again shows the same secret.
      const second = await client.post<{ twoFactorVerify: { secret: string } }>(REGISTER, inviteBody(token));
      expect(second.body.twoFactorVerify.secret).toBe(secret);

      const wrong = await client.post<{ code: string; twoFactorVerify: { secret: string } }>(
        REGISTER,
        inviteBody(token, { otp: '000000' === currentCode(t, secret) ? '111111' : '000000' }),
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('unknown_auth_otp_code_error');
      expect(wrong.body.twoFactorVerify.secret).toBe(secret);

      // spec 5: the invitation sends the code as a number.
      const done = await client.post<{ redirectUrl: string; recoveryCodes: string[] }>(
        REGISTER,
        inviteBody(token, { otp: Number(currentCode(t, secret)) }),
      );
      expect(done.status).toBe(200);
      expect(done.body.redirectUrl).toBe('http://sales-acme.platform.test');
      expect(done.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      const [user] = await t.db.select().from(users);
      expect(user?.twoFactorEnabled).toBe(true);
      expect(openTotpSecret(testKeys(), 'users.totp_secret', user?.id ?? 0, user?.totpSecret ?? null)).toBe(
        secret,
      );
      await expectNothingUsableAtRest(t.db, {
        secrets: [secret],
        codes: done.body.recoveryCodes.map((code) => ({ userId: user?.id ?? 0, code })),
      });
      expect((await client.get<{ twoFactorEnebled: boolean }>(ME)).body.twoFactorEnebled).toBe(true);

      // The next login needs a code, and the code just used cannot be replayed.
      const login = await t
        .client()
        .post(API_PATHS.login.path, { email: 'ivy@example.com', pwd: 'secret-5' });
      expect(login.body).toEqual({ code: 'auth_otp_code_is_required_error' });
    });
  });

  it('is rate limited per address with the registration bucket', async () => {
    const limited = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
    try {
      const client = limited.client();
      for (let i = 0; i < DEFAULT_RATE_LIMITS.registration.max; i++) {
        expect((await client.post(REGISTER, {})).status).toBe(400);
      }
      const over = await client.post(REGISTER, curator());
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: 'rate_limited_error' });
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/confirm?token', () => {
  it('confirms the address and answers boarding email and the organisation (curator sign-up)', async () => {
    const client = t.client();
    await client.post(REGISTER, curator());
    const token = tokenOf(await t.lastLink('casey@example.com'));
    const response = await t.client().get(CONFIRM, { query: { token } });
    expect(response.status).toBe(200);
    expect(v.parse(ConfirmAnswerWire, response.body)).toEqual({
      boarding: 'email',
      organisationSubdomain: 'welcome',
      organisation: { name: 'Channels', logoUrl: null, accent: null },
    });
    expect(
      (await client.get<{ accountConfirmationPending: boolean }>(ME)).body.accountConfirmationPending,
    ).toBe(false);
  });

  it('answers user_is_already_confirmed_error (with the Forbidden twin) when the link is used again', async () => {
    await t.client().post(REGISTER, curator());
    const token = tokenOf(await t.lastLink('casey@example.com'));
    await t.client().get(CONFIRM, { query: { token } });
    const again = await t.client().get(CONFIRM, { query: { token } });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ code: 'user_is_already_confirmed_error', ...FORBIDDEN_USER_IS_VERIFIED });
  });

  it('answers user_confirm_token_invalid_error for unknown, missing, expired and replaced tokens', async () => {
    const expectInvalid = async (query: Record<string, string>) => {
      const response = await t.client().get(CONFIRM, { query });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'user_confirm_token_invalid_error' });
    };
    await expectInvalid({ token: 'unknown' });
    await expectInvalid({});
    await t.client().post(REGISTER, curator());
    const token = tokenOf(await t.lastLink('casey@example.com'));
    t.clock.advance(8 * DAY);
    await expectInvalid({ token });
    t.clock.advance(-8 * DAY);
    // A newer confirmation replaces the older link (tokens.ts issueToken) while the address is unconfirmed.
    await t.db
      .update(tokens)
      .set({ usedAt: t.clock.now() })
      .where(eq(tokens.tokenHash, hashToken(token)));
    await expectInvalid({ token });
  });

  it('confirms without a session (another browser), and the password still signs in', async () => {
    await t.client().post(REGISTER, curator());
    const token = tokenOf(await t.lastLink('casey@example.com'));
    expect((await t.client().get(CONFIRM, { query: { token } })).status).toBe(200);
    await signIn(t.client(), 'casey@example.com', 'secret-5');
  });
});

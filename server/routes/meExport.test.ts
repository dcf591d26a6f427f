/**
 * Your data to take away (docs/decisions/security.md: Your data to take away): the export holds the profile, the
 * memberships, the sessions, the passkeys' names and dates, the remembered devices and the security activity, and no
 * secret; it needs a recent step-up of this session and is rate-limited.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { STEP_UP_WINDOW_MS } from '../../api/contract/security';
import { AccountExportWire } from '../../api/contract/securityActivity';
import { passkeys, recoveryCodes, rememberedDevices, sessions, tokens, users } from '../db/schema';
import { DEFAULT_RATE_LIMITS } from '../rateLimit';
import {
  addChannelRole,
  addOrganisationRole,
  createChannel,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  giveRecoveryCodes,
  signedInUser,
} from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';

const EXPORT = API_PATHS.exportAccountData.path;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('POST /api/me/export', () => {
  it('holds the profile, memberships, sessions, passkeys, activity, and no secret', async () => {
    const { user, email, totpSecret } = await createUser(t.db, { totpSecret: true }, t.clock.now());
    const codes = await giveRecoveryCodes(t.db, user.id, t.clock.now());
    const organisation = await createOrganisation(t.db, { name: 'Export Org', subdomain: 'exportorg' });
    const channel = await createChannel(t.db, {
      organisationId: organisation.id,
      name: 'Export Desk',
      subdomain: 'exportdesk',
    });
    await addOrganisationRole(t.db, user.id, organisation.id, 'admin');
    await addChannelRole(t.db, user.id, channel.id, 'editor');
    await t.db.insert(passkeys).values({
      userId: user.id,
      credentialId: 'cred-id-not-for-export',
      publicKey: 'public-key-not-for-export',
      name: 'Work laptop',
      createdAt: t.clock.now(),
    });
    const client = t.client({ 'user-agent': FIREFOX });
    const login = await client.post(API_PATHS.login.path, {
      email,
      pwd: DEFAULT_PASSWORD,
      otp: currentCode(t, totpSecret ?? ''),
      rememberDevice: true,
    });
    expect(login.status).toBe(200);
    // A reset link asked for: its token's hash is in the database, and must not be in the export.
    await t.client().post(API_PATHS.forgotPassword.path, { email });

    const answer = await client.post(EXPORT, {});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="account-data.json"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = v.parse(AccountExportWire, answer.body);
    expect(data.profile).toMatchObject({ email, twoFactorEnabled: true });
    expect(data.organisations).toEqual([
      expect.objectContaining({ name: 'Export Org', subdomain: 'exportorg', role: 'admin' }),
    ]);
    expect(data.channels).toEqual([
      expect.objectContaining({
        name: 'Export Desk',
        subdomain: 'exportdesk',
        organisation: 'exportorg',
        role: 'editor',
      }),
    ]);
    expect(data.sessions).toEqual([
      expect.objectContaining({ browser: 'Firefox 128', system: 'Linux', current: true }),
    ]);
    expect(data.passkeys).toEqual([
      { name: 'Work laptop', createdAt: t.clock.now().toISOString(), lastUsedAt: null },
    ]);
    expect(data.rememberedDevices).toEqual([
      expect.objectContaining({ browser: 'Firefox 128', system: 'Linux' }),
    ]);
    expect(data.securityActivity).toEqual([
      expect.objectContaining({ kind: 'sign_in', method: 'password_code' }),
    ]);

    // Every secret the account has, in clear and as stored, is absent from the file.
    const [stored] = await t.db.select().from(users);
    const secrets = [
      DEFAULT_PASSWORD,
      stored?.passwordHash,
      stored?.totpSecret,
      totpSecret,
      ...codes,
      ...(await t.db.select().from(recoveryCodes)).map((row) => row.codeHash),
      ...(await t.db.select().from(sessions)).map((row) => row.idHash),
      ...(await t.db.select().from(tokens)).map((row) => row.tokenHash),
      ...(await t.db.select().from(rememberedDevices)).map((row) => row.tokenHash),
      ...client.cookies.values(),
      'cred-id-not-for-export',
      'public-key-not-for-export',
    ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
    expect(secrets.length).toBeGreaterThan(10);
    const file = JSON.stringify(answer.body);
    for (const secret of secrets) expect(file).not.toContain(secret);
    // And no field is named for one.
    const keys: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          keys.push(key);
          walk(inner);
        }
    };
    walk(answer.body);
    expect(
      keys.filter((key) => /hash|secret|token|password|pwd|otp|code|credential|publickey/i.test(key)),
    ).toEqual([]);
  });

  it('needs a recent step-up of this session (403 without), and a session (401 without)', async () => {
    const { client } = await signedInUser(t);
    t.clock.advance(STEP_UP_WINDOW_MS + 1000);
    const refused = await client.post(EXPORT, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'step_up_required_error' });
    expect((await client.post(API_PATHS.stepUp.path, { pwd: DEFAULT_PASSWORD })).status).toBe(200);
    expect((await client.post(EXPORT, {})).status).toBe(200);
    expect((await t.client().post(EXPORT, {})).status).toBe(401);
  });

  it('is rate-limited as the other security calls: 30 a minute', async () => {
    const { client } = await signedInUser(t);
    for (let call = 0; call < 30; call += 1) expect((await client.post(EXPORT, {})).status).toBe(200);
    expect((await client.post(EXPORT, {})).status).toBe(429);
  });
});

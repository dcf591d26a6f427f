/**
 * docs/decisions/security.md 'Server key and rotation': the start seals what an older version kept in the clear and
 * reseals what an older key sealed; codes keep working through both.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_ROLE_IDS } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { createApp } from '../app';
import type { ServerConfig } from '../config';
import { identityProviderSettings, invitations, recoveryCodes, users } from '../db/schema';
import { findIdpSettings, saveIdpSettings } from '../idp/settings';
import { createInvitation } from '../invitations';
import {
  createChannel,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  signIn,
  testKeys,
} from '../test/fixtures';
import { expectNothingUsableAtRest, plainRecoveryHash } from '../test/secondFactorAtRest';
import { createTestApp, type TestApp, TestClient } from '../test/testApp';
import { sealSecretsAtRest } from './atRest';
import { keyRingOf } from './serverKey';
import { newTotpSecret } from './totp';

const LOGIN = API_PATHS.login.path;
const REGISTER = API_PATHS.registerCurator.path;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const login = (client: TestClient, email: string, second: { otp?: string; recoveryOtp?: string }) =>
  client.post(LOGIN, { email, pwd: DEFAULT_PASSWORD, ...second });

describe('a database from before sealing (plain TOTP secrets, plain sha-256 recovery codes)', () => {
  /** Rows as an older version wrote them. */
  const plainRows = async () => {
    const { user, email } = await createUser(t.db);
    const secret = newTotpSecret();
    const pending = newTotpSecret();
    await t.db
      .update(users)
      .set({ totpSecret: secret, totpPendingSecret: pending, twoFactorEnabled: true })
      .where(eq(users.id, user.id));
    const codes = ['ABCDEF', 'GHJKMN'];
    await t.db
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId: user.id, codeHash: plainRecoveryHash(user.id, code) })));
    const organisation = await createOrganisation(t.db, { enforcesTwoFactor: true });
    const channel = await createChannel(t.db, { organisationId: organisation.id });
    const token = await createInvitation(t, {
      organisationId: organisation.id,
      channelId: channel.id,
      roleId: CHANNEL_ROLE_IDS.editor,
      email: 'ivy@example.com',
      screenName: 'Ivy',
      isReader: false,
      inviterId: null,
    });
    const invitationSecret = newTotpSecret();
    await t.db.update(invitations).set({ totpPendingSecret: invitationSecret });
    return { user, email, secret, pending, codes, token, invitationSecret };
  };

  it('is sealed and keyed at start, and codes, recovery codes and the invitation setup still work', async () => {
    const rows = await plainRows();
    const report = await sealSecretsAtRest(t.db, testKeys());
    expect(report.columns).toMatchObject({
      'users.totp_secret': { sealed: 1, resealed: 0, unopenable: 0 },
      'users.totp_pending_secret': { sealed: 1, resealed: 0, unopenable: 0 },
      'invitations.totp_pending_secret': { sealed: 1, resealed: 0, unopenable: 0 },
    });
    expect(report.recoveryCodesKeyed).toBe(2);
    await expectNothingUsableAtRest(t.db, {
      secrets: [rows.secret, rows.pending, rows.invitationSecret],
      codes: rows.codes.map((code) => ({ userId: rows.user.id, code })),
    });

    expect((await login(t.client(), rows.email, { otp: currentCode(t, rows.secret) })).status).toBe(200);
    expect((await login(t.client(), rows.email, { recoveryOtp: rows.codes[0] })).status).toBe(200);
    expect((await login(t.client(), rows.email, { recoveryOtp: 'abcdef' })).body).toEqual({
      code: 'used_auth_recovery_otp_code_error',
    });
    // The invitee who saw the QR code before the upgrade sees the same one after it.
    const register = await t.client().post<{ twoFactorVerify: { secret: string } }>(REGISTER, {
      token: rows.token,
      email: 'ivy@example.com',
      pwd: 'secret-5',
      screenName: 'Ivy Invitee',
    });
    expect(register.body.twoFactorVerify.secret).toBe(rows.invitationSecret);
  });

  it('is changed only once: a second start finds nothing to do and leaves every value as it is', async () => {
    await plainRows();
    await sealSecretsAtRest(t.db, testKeys());
    const before = await expectNothingUsableAtRest(t.db, {});
    const again = await sealSecretsAtRest(t.db, testKeys());
    for (const column of Object.values(again.columns))
      expect(column).toEqual({ sealed: 0, resealed: 0, unopenable: 0 });
    expect(again.recoveryCodesKeyed).toBe(0);
    expect(await expectNothingUsableAtRest(t.db, {})).toEqual(before);
  });
});

describe('key rotation (SECRET_KEY replaced, the old one in SECRET_KEYS_PREVIOUS)', () => {
  const key = () => randomBytes(32).toString('base64');
  const withKeys = (current: string, ...previous: string[]): ServerConfig => ({
    ...t.config,
    secretKeys: { current, previous },
  });
  /** The same database served with other keys (what a restart with a new environment does). */
  const serve = (config: ServerConfig) => {
    const app = createApp({ ...t.deps, config });
    return { config, client: () => new TestClient(app) };
  };
  /** An identity-provider secret in the format before key ids (v1, the raw key), as an older version sealed it. */
  const legacyIdpSeal = (raw: string, plain: string, organisationId: number) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(raw, 'base64'), iv);
    cipher.setAAD(Buffer.from(`idp:${organisationId}:okta`));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join('.');
  };
  const idpInput = (clientSecret: string) => ({
    provider: 'okta' as const,
    issuer: 'https://idp.example.com',
    clientId: 'client',
    clientSecret,
    allowedDomains: [],
    enabled: true,
  });

  it('keeps codes and recovery codes working, reseals secrets at start, and says which codes still need the old key', async () => {
    const [oldKey, newKey] = [key(), key()];
    const before = serve(withKeys(oldKey));
    const oldId = keyRingOf(before.config).current.id;

    // Set up under the old key: two-factor from the profile, an IdP secret of each format.
    const { user, email } = await createUser(t.db);
    const beforeClient = before.client();
    await signIn(beforeClient, email);
    const setup = await beforeClient.get<{ secret: string }>(API_PATHS.getTwoFactorSecret.path);
    const enabled = await beforeClient.post<{ recoveryCodes: string[] }>(API_PATHS.enableTwoFactor.path, {
      otp: currentCode(t, setup.body.secret),
    });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes;
    const okta = await createOrganisation(t.db, { subdomain: 'okta-org' });
    await saveIdpSettings(t.db, before.config, okta.id, idpInput('sealed-v2'), t.clock.now());
    const older = await createOrganisation(t.db, { subdomain: 'older-org' });
    await t.db.insert(identityProviderSettings).values({
      organisationId: older.id,
      ...idpInput('ignored'),
      clientSecretSealed: legacyIdpSeal(oldKey, 'sealed-v1', older.id),
    });

    // Restarted with the new key, the old one previous: everything opens, even before the start's resealing.
    const rotated = serve(withKeys(newKey, oldKey));
    const newId = keyRingOf(rotated.config).current.id;
    t.clock.advance(60_000);
    expect((await login(rotated.client(), email, { otp: currentCode(t, setup.body.secret) })).status).toBe(
      200,
    );
    expect((await login(rotated.client(), email, { recoveryOtp: codes[0] })).status).toBe(200);
    // The code used under the old key was rehashed under the new one as it was spent.
    const hashes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(hashes.filter((row) => row.codeHash.startsWith(`r1.${newId}.`))).toHaveLength(1);

    const report = await sealSecretsAtRest(t.db, keyRingOf(rotated.config));
    expect(report.columns['users.totp_secret']).toEqual({ sealed: 0, resealed: 1, unopenable: 0 });
    expect(report.columns['identity_provider_settings.client_secret_sealed']).toEqual({
      sealed: 0,
      resealed: 2,
      unopenable: 0,
    });
    expect(report.recoveryCodesUnderPreviousKeys).toEqual([{ keyId: oldId, unused: 9 }]);
    const stored = await expectNothingUsableAtRest(t.db, {
      secrets: [setup.body.secret],
      codes: codes.map((code) => ({ userId: user.id, code })),
    });
    for (const value of stored.totp) expect(value.startsWith(`v2.${newId}.`)).toBe(true);
    const idpRows = await t.db.select().from(identityProviderSettings);
    for (const row of idpRows) expect(row.clientSecretSealed.startsWith(`v2.${newId}.`)).toBe(true);

    t.clock.advance(60_000);
    expect((await login(rotated.client(), email, { otp: currentCode(t, setup.body.secret) })).status).toBe(
      200,
    );
    expect((await login(rotated.client(), email, { recoveryOtp: codes[1] })).status).toBe(200);

    // The old key retired: sealed values open (they were resealed); recovery codes under it no longer do, which
    // is why the start counts them (docs/decisions/security.md: Server key and rotation). A code spent under the new key is
    // still told apart as used.
    const retired = serve(withKeys(newKey));
    t.clock.advance(60_000);
    expect((await login(retired.client(), email, { otp: currentCode(t, setup.body.secret) })).status).toBe(
      200,
    );
    for (const subdomain of ['okta-org', 'older-org']) {
      const found = await findIdpSettings(t.db, retired.config, subdomain);
      expect(found.kind === 'found' && found.settings.clientSecret).toBe(
        subdomain === 'okta-org' ? 'sealed-v2' : 'sealed-v1',
      );
    }
    expect((await login(retired.client(), email, { recoveryOtp: codes[0] })).body).toEqual({
      code: 'used_auth_recovery_otp_code_error',
    });
    const stale = await login(retired.client(), email, { recoveryOtp: codes[2] });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ code: 'unknown_auth_recovery_otp_code_error' });
  });

  it('a value sealed under a key no longer configured is reported at start and refused cleanly when used', async () => {
    const [lostKey, newKey] = [key(), key()];
    const { email, totpSecret } = await createUser(t.db, {
      totpSecret: true,
      keys: keyRingOf(withKeys(lostKey)),
    });
    const current = serve(withKeys(newKey));
    const report = await sealSecretsAtRest(t.db, keyRingOf(current.config));
    expect(report.columns['users.totp_secret']).toEqual({ sealed: 0, resealed: 0, unopenable: 1 });
    const response = await login(current.client(), email, { otp: currentCode(t, totpSecret ?? '') });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unknown_auth_otp_code_error' });
  });
});

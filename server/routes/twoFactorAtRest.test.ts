/**
 * docs/security.md 'Nothing usable at rest': after each two-factor flow the database holds no TOTP secret in the
 * clear and no recovery code nor its plain sha-256; a sealed secret copied to another row does not open, and using
 * it fails cleanly (4xx).
 */
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecoveryCodesAnswerWire } from '../../api/contract/auth';
import type { TwoFactorSetupWire } from '../../api/contract/common';
import { CHANNEL_ROLE_IDS } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import { invitations, recoveryCodes, users } from '../db/schema';
import { createInvitation } from '../invitations';
import {
  createChannel,
  createOrganisation,
  createUser,
  currentCode,
  DEFAULT_PASSWORD,
  giveRecoveryCodes,
  signedInUser,
} from '../test/fixtures';
import { expectNothingUsableAtRest } from '../test/secondFactorAtRest';
import { createTestApp, type TestApp } from '../test/testApp';

const SECRET = API_PATHS.getTwoFactorSecret.path;
const ENABLE = API_PATHS.enableTwoFactor.path;
const REGENERATE = API_PATHS.regenerateRecoveryCodes.path;
const LOGIN = API_PATHS.login.path;
const REGISTER = API_PATHS.registerCurator.path;

type Setup = v.InferOutput<typeof TwoFactorSetupWire>;
type Codes = v.InferOutput<typeof RecoveryCodesAnswerWire>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const storedUser = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
};

describe('two-factor from the profile panel', () => {
  it('stores the pending and the active secret sealed, and the recovery codes keyed, also after regenerating', async () => {
    const { client, user } = await signedInUser(t);
    const setup = await client.get<Setup>(SECRET);
    const pending = await expectNothingUsableAtRest(t.db, { secrets: [setup.body.secret] });
    expect(pending.totp).toHaveLength(1);

    const enabled = await client.post<Codes>(ENABLE, { otp: currentCode(t, setup.body.secret) });
    expect(enabled.status).toBe(200);
    const codes = (list: string[]) => list.map((code) => ({ userId: user.id, code }));
    const active = await expectNothingUsableAtRest(t.db, {
      secrets: [setup.body.secret],
      codes: codes(enabled.body.recoveryCodes),
    });
    expect(active.totp).toHaveLength(1);
    expect(active.recoveryCodes).toHaveLength(10);

    t.clock.advance(60_000);
    const regenerated = await client.post<Codes>(REGENERATE, { otp: currentCode(t, setup.body.secret) });
    expect(regenerated.status).toBe(200);
    await expectNothingUsableAtRest(t.db, {
      secrets: [setup.body.secret],
      codes: codes([...enabled.body.recoveryCodes, ...regenerated.body.recoveryCodes]),
    });
    // What is stored still works.
    const login = await t.client().post(LOGIN, {
      email: user.email,
      pwd: DEFAULT_PASSWORD,
      recoveryOtp: regenerated.body.recoveryCodes[0],
    });
    expect(login.status).toBe(200);
  });
});

describe('two-factor set up during an invitation sign-up (enforcing organisation)', () => {
  it('keeps the invitation secret sealed, then only the account’s, and no recovery code', async () => {
    const organisation = await createOrganisation(t.db, { subdomain: 'acme', enforcesTwoFactor: true });
    const channel = await createChannel(t.db, { organisationId: organisation.id, subdomain: 'sales' });
    const token = await createInvitation(t, {
      organisationId: organisation.id,
      channelId: channel.id,
      roleId: CHANNEL_ROLE_IDS.editor,
      email: 'ivy@example.com',
      screenName: 'Ivy',
      isReader: false,
      inviterId: null,
    });
    const body = { token, email: 'ivy@example.com', pwd: 'secret-5', screenName: 'Ivy I.' };
    const client = t.client();
    const first = await client.post<{ twoFactorVerify: Setup }>(REGISTER, body);
    const { secret } = first.body.twoFactorVerify;
    const before = await expectNothingUsableAtRest(t.db, { secrets: [secret] });
    expect(before.totp).toHaveLength(1);

    const done = await client.post<Codes>(REGISTER, { ...body, otp: currentCode(t, secret) });
    expect(done.status).toBe(200);
    const [user] = await t.db.select().from(users);
    const after = await expectNothingUsableAtRest(t.db, {
      secrets: [secret],
      codes: done.body.recoveryCodes.map((code) => ({ userId: user?.id ?? 0, code })),
    });
    // The account's sealed secret only: the invitation's copy is gone.
    expect(after.totp).toEqual([user?.totpSecret]);
    t.clock.advance(60_000);
    const login = await t.client().post(LOGIN, { ...body, otp: currentCode(t, secret) });
    expect(login.status).toBe(200);
  });
});

describe('a sealed value copied to another row', () => {
  it('does not open: a login with the victim’s code fails with 401, never 5xx', async () => {
    const victim = await createUser(t.db, { totpSecret: true });
    const attacker = await createUser(t.db, { totpSecret: true });
    const victimRow = await storedUser(victim.user.id);
    await t.db.update(users).set({ totpSecret: victimRow.totpSecret }).where(eq(users.id, attacker.user.id));

    const code = currentCode(t, victim.totpSecret ?? '');
    const response = await t
      .client()
      .post(LOGIN, { email: attacker.email, pwd: DEFAULT_PASSWORD, otp: code });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unknown_auth_otp_code_error' });
    // The victim's own row still opens.
    const own = await t.client().post(LOGIN, { email: victim.email, pwd: DEFAULT_PASSWORD, otp: code });
    expect(own.status).toBe(200);
  });

  it('a copied pending secret is not shown to the other user: the profile hands out a fresh one', async () => {
    const victim = await signedInUser(t);
    const victimSetup = await victim.client.get<Setup>(SECRET);
    const other = await signedInUser(t);
    const victimRow = await storedUser(victim.user.id);
    await t.db
      .update(users)
      .set({ totpPendingSecret: victimRow.totpPendingSecret })
      .where(eq(users.id, other.user.id));

    const enable = await other.client.post(ENABLE, { otp: currentCode(t, victimSetup.body.secret) });
    expect(enable.status).toBe(409);
    expect(enable.body).toEqual({ code: 'two_factor_setup_not_enabled_error' });
    const otherSetup = await other.client.get<Setup>(SECRET);
    expect(otherSetup.status).toBe(200);
    expect(otherSetup.body.secret).not.toBe(victimSetup.body.secret);
  });

  it('a copied invitation secret is replaced, not handed out', async () => {
    const organisation = await createOrganisation(t.db, { enforcesTwoFactor: true });
    const channel = await createChannel(t.db, { organisationId: organisation.id });
    const inviteFor = (email: string) =>
      createInvitation(t, {
        organisationId: organisation.id,
        channelId: channel.id,
        roleId: CHANNEL_ROLE_IDS.editor,
        email,
        screenName: email,
        isReader: false,
        inviterId: null,
      });
    const body = (token: string, email: string) => ({
      token,
      email,
      pwd: 'secret-5',
      screenName: 'Someone Invited',
    });
    const victimToken = await inviteFor('victim@example.com');
    const attackerToken = await inviteFor('attacker@example.com');
    const victim = await t
      .client()
      .post<{ twoFactorVerify: Setup }>(REGISTER, body(victimToken, 'victim@example.com'));
    const [victimRow] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'victim@example.com'));
    await t.db
      .update(invitations)
      .set({ totpPendingSecret: victimRow?.totpPendingSecret })
      .where(eq(invitations.email, 'attacker@example.com'));

    const attacker = await t
      .client()
      .post<{ twoFactorVerify: Setup }>(REGISTER, body(attackerToken, 'attacker@example.com'));
    expect(attacker.body).toMatchObject({ code: 'two_factor_auth_is_not_setup_error' });
    expect(attacker.status).toBe(403);
    expect(attacker.body.twoFactorVerify.secret).not.toBe(victim.body.twoFactorVerify.secret);
  });

  it('a copied recovery-code hash does not let another user in (the hash is bound to its user)', async () => {
    const victim = await createUser(t.db, { totpSecret: true });
    const attacker = await createUser(t.db, { totpSecret: true });
    const [code] = await giveRecoveryCodes(t.db, victim.user.id, t.clock.now());
    const [row] = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, victim.user.id));
    await t.db.insert(recoveryCodes).values({ userId: attacker.user.id, codeHash: row?.codeHash ?? '' });
    const response = await t.client().post(LOGIN, {
      email: attacker.email,
      pwd: DEFAULT_PASSWORD,
      recoveryOtp: code,
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'unknown_auth_recovery_otp_code_error' });
  });
});

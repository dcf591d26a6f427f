/**
 * Rows for tests, written straight to the database (not through the API under test). Every helper fills the
 * fields a test does not care about with unique, valid values.
 */

import { eq } from 'drizzle-orm';
import type { ChannelRole, OrganisationRole } from '../../api/contract/limits';
import { CHANNEL_ROLE_IDS, ORGANISATION_ROLE_IDS } from '../../api/contract/limits';
import { API_PATHS } from '../../api/contract/paths';
import type { Database } from '../db/client';
import { channels, memberships, organisations, users } from '../db/schema';
import type { UserRow } from '../deps';
import { hashPassword } from '../security/passwords';
import { regenerateRecoveryCodes } from '../security/recoveryCodes';
import { type KeyRing, keyRingOf } from '../security/serverKey';
import { newTotpSecret, totpCode } from '../security/totp';
import { sealTotpSecret } from '../security/totpSecrets';
import { type TestApp, testConfig } from './testApp';
import type { TestClient } from './testClient';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export const DEFAULT_PASSWORD = 'correct horse battery';

export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${next()}@example.com`;

export interface UserFixture {
  email?: string;
  password?: string;
  screenName?: string;
  /** Default true: a confirmed address. */
  confirmed?: boolean;
  isStaff?: boolean;
  isReader?: boolean;
  /** Turns two-factor on with this secret (default: none). Use `true` for a random secret. */
  totpSecret?: string | true;
  /** The keys the secret is sealed under (default: those of testConfig(), the demo key). */
  keys?: KeyRing;
}

export interface CreatedUser {
  user: UserRow;
  email: string;
  password: string;
  /** The active TOTP secret, in clear, when two-factor is on. */
  totpSecret: string | null;
}

/** The key ring of testConfig() (no key, not production: the demo key), which test apps use unless told. */
export const testKeys = (): KeyRing => keyRingOf(testConfig());

export const createUser = async (
  db: Database,
  fixture: UserFixture = {},
  now = new Date(),
): Promise<CreatedUser> => {
  const email = fixture.email ?? uniqueEmail();
  const password = fixture.password ?? DEFAULT_PASSWORD;
  const totpSecret = fixture.totpSecret === true ? newTotpSecret() : (fixture.totpSecret ?? null);
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      screenName: fixture.screenName ?? `User ${next()}`,
      isStaff: fixture.isStaff ?? false,
      isReader: fixture.isReader ?? false,
      confirmedAt: fixture.confirmed === false ? null : now,
      twoFactorEnabled: totpSecret !== null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error('createUser: no row');
  if (totpSecret === null) return { user, email, password, totpSecret };
  // Sealed for its row, as the server stores it (security/totpSecrets.ts).
  const sealed = sealTotpSecret(fixture.keys ?? testKeys(), 'users.totp_secret', user.id, totpSecret);
  const [sealedUser] = await db
    .update(users)
    .set({ totpSecret: sealed })
    .where(eq(users.id, user.id))
    .returning();
  return { user: sealedUser ?? user, email, password, totpSecret };
};

/** Recovery codes for a user with two-factor on; answers them in clear. */
export const giveRecoveryCodes = (
  db: Database,
  userId: number,
  now = new Date(),
  keys = testKeys(),
): Promise<string[]> => regenerateRecoveryCodes(db, keys, userId, now);

export const createOrganisation = async (
  db: Database,
  fixture: { name?: string; subdomain?: string; enforcesTwoFactor?: boolean } = {},
) => {
  const n = next();
  const [organisation] = await db
    .insert(organisations)
    .values({
      name: fixture.name ?? `Organisation ${n}`,
      subdomain: fixture.subdomain ?? `org${n}`,
      enforcesTwoFactor: fixture.enforcesTwoFactor ?? false,
    })
    .returning();
  if (!organisation) throw new Error('createOrganisation: no row');
  return organisation;
};

export const createChannel = async (
  db: Database,
  fixture: {
    organisationId: number;
    name?: string;
    subdomain?: string;
    ownerId?: number;
    archived?: boolean;
  },
) => {
  const n = next();
  const [channel] = await db
    .insert(channels)
    .values({
      organisationId: fixture.organisationId,
      name: fixture.name ?? `Channel ${n}`,
      subdomain: fixture.subdomain ?? `channel${n}`,
      ownerId: fixture.ownerId ?? null,
      archived: fixture.archived ?? false,
    })
    .returning();
  if (!channel) throw new Error('createChannel: no row');
  return channel;
};

export const addChannelRole = async (db: Database, userId: number, channelId: number, role: ChannelRole) => {
  await db.insert(memberships).values({ userId, channelId, roleId: CHANNEL_ROLE_IDS[role] });
};

export const addOrganisationRole = async (
  db: Database,
  userId: number,
  organisationId: number,
  role: OrganisationRole,
) => {
  await db.insert(memberships).values({ userId, organisationId, roleId: ORGANISATION_ROLE_IDS[role] });
};

/** The code the user's authenticator shows at the test clock's current time (plus an offset in steps). */
export const currentCode = (t: TestApp, secret: string, stepOffset = 0): string =>
  totpCode(secret, new Date(t.clock.now().getTime() + stepOffset * 30_000));

/** Signs a client in through POST /api/login (no second factor); throws when it fails. */
export const signIn = async (client: TestClient, email: string, password = DEFAULT_PASSWORD) => {
  const response = await client.post(API_PATHS.login.path, { email, pwd: password });
  if (response.status !== 200)
    throw new Error(`signIn ${email}: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
};

/** A fresh user, signed in on a fresh client. */
export const signedInUser = async (t: TestApp, fixture: UserFixture = {}) => {
  const created = await createUser(t.db, fixture, t.clock.now());
  const client = t.client();
  await signIn(client, created.email, created.password);
  return { ...created, client };
};

/**
 * Passkeys for server tests: a user with one passkey on a software authenticator (server/test/softAuthenticator.ts),
 * added through the real calls, so the library verifies every answer for real.
 */
import * as v from 'valibot';
import { expect } from 'vitest';
import { PasskeyCreationOptionsAnswerWire, PasskeyWire } from '../../api/contract/passkeys';
import { API_PATHS } from '../../api/contract/paths';
import { createUser, currentCode, type UserFixture } from './fixtures';
import { SoftAuthenticator } from './softAuthenticator';
import type { TestApp, TestClient } from './testApp';

/** The options to add a passkey, asked for on `client`'s session. */
export const registrationOptions = async (client: TestClient) => {
  const response = await client.post(API_PATHS.passkeyRegistrationOptions.path, {});
  expect(response.status).toBe(200);
  return v.parse(PasskeyCreationOptionsAnswerWire, response.body).options;
};

/** A signed-in user (so stepped up, with a code when two-factor is on) with one passkey on a software authenticator. */
export const userWithPasskey = async (t: TestApp, fixture: UserFixture = {}) => {
  const created = await createUser(t.db, fixture, t.clock.now());
  const client = t.client();
  const otp = created.totpSecret ? { otp: currentCode(t, created.totpSecret) } : {};
  expect(
    (await client.post(API_PATHS.login.path, { email: created.email, pwd: created.password, ...otp })).status,
  ).toBe(200);
  const authenticator = new SoftAuthenticator(t.config.siteUrl);
  const options = await registrationOptions(client);
  const added = await client.post(API_PATHS.addPasskey.path, { credential: authenticator.create(options) });
  expect(added.status).toBe(201);
  return { ...created, client, authenticator, passkey: v.parse(PasskeyWire, added.body) };
};

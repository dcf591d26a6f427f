/**
 * Passkeys in the fake (docs/decisions/security.md: Passkeys): the ceremonies run in the browser for real, with its own
 * authenticator; the fake checks what it can without a WebAuthn library: the challenge it handed out (used once),
 * the ceremony type and origin in clientDataJSON, and the credential id it stored. It checks no signature, so it
 * is for trying the screens, never a model of the server's security (that is server/routes/passkeyLogin.ts).
 */
import {
  AddPasskeyRequestWire,
  PasskeyLoginRequestWire,
  PasskeyParamsWire,
  PasskeyStepUpRequestWire,
  type PasskeyWire,
  RenamePasskeyRequestWire,
  STEP_UP_WINDOW_MS,
  toLoginAnswerWire,
} from '../../contract';
import { type FakeCall, type FakeResolvers, requireStepUp, requireUser } from '../context';
import { failWithCode, json, ok, parse } from '../reply';
import { emailKey, type FakePasskey } from '../store';

const FAKE_RP_NAME = 'Account (fake)';

const passkeysOf = (call: FakeCall): FakePasskey[] => {
  call.store.state.security.passkeys ??= [];
  return call.store.state.security.passkeys;
};

const newChallenge = (call: FakeCall): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const challenge = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  call.store.state.security.passkeyChallenges = [
    ...(call.store.state.security.passkeyChallenges ?? []),
    challenge,
  ];
  return challenge;
};

const fromBase64url = (text: string): string => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** Uses up the challenge clientDataJSON names, for this ceremony type; refuses otherwise. */
const spendChallenge = (call: FakeCall, clientDataJSON: string, type: 'webauthn.create' | 'webauthn.get') => {
  let data: { challenge?: unknown; type?: unknown; origin?: unknown };
  try {
    data = JSON.parse(fromBase64url(clientDataJSON));
  } catch {
    throw failWithCode(400, 'passkey_invalid_error');
  }
  const challenges = call.store.state.security.passkeyChallenges ?? [];
  const known = typeof data.challenge === 'string' && challenges.includes(data.challenge);
  call.store.state.security.passkeyChallenges = challenges.filter(
    (challenge) => challenge !== data.challenge,
  );
  if (!known || data.type !== type || data.origin !== globalThis.location?.origin) {
    throw failWithCode(400, 'passkey_invalid_error');
  }
};

const toWire = ({ id, name, createdAt, lastUsedAt }: FakePasskey): PasskeyWire => ({
  id,
  name,
  createdAt,
  lastUsedAt,
});

const ownPasskey = (call: FakeCall): FakePasskey => {
  const user = requireUser(call);
  const { id } = parse(PasskeyParamsWire, call.params);
  const found = passkeysOf(call).find(
    (row) => row.id === Number(id) && emailKey(row.email) === emailKey(user.email),
  );
  if (!found) throw failWithCode(404, 'passkey_not_found_error');
  return found;
};

export const passkeyResolvers: FakeResolvers<
  | 'passkeyRegistrationOptions'
  | 'addPasskey'
  | 'getPasskeys'
  | 'renamePasskey'
  | 'removePasskey'
  | 'passkeyLoginOptions'
  | 'passkeyLogin'
  | 'passkeyStepUpOptions'
  | 'passkeyStepUp'
> = {
  passkeyRegistrationOptions: (call) => {
    const user = requireUser(call);
    requireStepUp(call);
    const host = globalThis.location?.hostname ?? 'localhost';
    return json({
      options: {
        challenge: newChallenge(call),
        rp: { id: host, name: FAKE_RP_NAME },
        user: { id: btoa(user.email).replace(/=+$/, ''), name: user.email, displayName: user.email },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        timeout: 300_000,
        attestation: 'none',
        excludeCredentials: passkeysOf(call)
          .filter((row) => emailKey(row.email) === emailKey(user.email))
          .map((row) => ({ id: row.credentialId, type: 'public-key' })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      },
    });
  },

  addPasskey: (call) => {
    const user = requireUser(call);
    requireStepUp(call);
    const { credential, name } = parse(AddPasskeyRequestWire, call.body);
    spendChallenge(call, credential.response.clientDataJSON, 'webauthn.create');
    if (passkeysOf(call).some((row) => row.credentialId === credential.id)) {
      throw failWithCode(409, 'passkey_already_registered_error');
    }
    const row: FakePasskey = {
      id: Number(call.store.newId()),
      email: user.email,
      credentialId: credential.id,
      name: name ?? 'Passkey',
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    };
    passkeysOf(call).push(row);
    return json(toWire(row), 201);
  },

  getPasskeys: (call) => {
    const user = requireUser(call);
    const rows = passkeysOf(call).filter((row) => emailKey(row.email) === emailKey(user.email));
    return json({ passkeys: rows.map(toWire) });
  },

  renamePasskey: (call) => {
    const row = ownPasskey(call);
    row.name = parse(RenamePasskeyRequestWire, call.body).name;
    return json(toWire(row));
  },

  removePasskey: (call) => {
    const row = ownPasskey(call);
    call.store.state.security.passkeys = passkeysOf(call).filter((other) => other !== row);
    return ok();
  },

  passkeyLoginOptions: (call) =>
    json({
      options: {
        challenge: newChallenge(call),
        rpId: globalThis.location?.hostname ?? 'localhost',
        timeout: 300_000,
        userVerification: 'required',
      },
    }),

  passkeyLogin: (call) => {
    const { credential } = parse(PasskeyLoginRequestWire, call.body);
    spendChallenge(call, credential.response.clientDataJSON, 'webauthn.get');
    const row = passkeysOf(call).find((other) => other.credentialId === credential.id);
    const user = row && call.store.userByEmail(row.email);
    if (!row || !user) throw failWithCode(400, 'passkey_invalid_error');
    if (user.locked) throw failWithCode(423, 'account_locked_error');
    row.lastUsedAt = new Date().toISOString();
    call.store.state.session = { email: user.email };
    // Two factors, as on the server: the session starts stepped up (docs/decisions/security.md: Passkeys).
    call.store.state.security.stepUpUntil = Date.now() + STEP_UP_WINDOW_MS;
    return json(toLoginAnswerWire({ redirectUrl: null }));
  },

  passkeyStepUpOptions: (call) => {
    const user = requireUser(call);
    const own = passkeysOf(call).filter((row) => emailKey(row.email) === emailKey(user.email));
    if (own.length === 0) throw failWithCode(404, 'passkey_not_found_error');
    return json({
      options: {
        challenge: newChallenge(call),
        rpId: globalThis.location?.hostname ?? 'localhost',
        timeout: 300_000,
        userVerification: 'required',
        allowCredentials: own.map((row) => ({ id: row.credentialId, type: 'public-key' as const })),
      },
    });
  },

  passkeyStepUp: (call) => {
    const user = requireUser(call);
    const { credential } = parse(PasskeyStepUpRequestWire, call.body);
    spendChallenge(call, credential.response.clientDataJSON, 'webauthn.get');
    const row = passkeysOf(call).find((other) => other.credentialId === credential.id);
    if (!row || emailKey(row.email) !== emailKey(user.email))
      throw failWithCode(400, 'passkey_invalid_error');
    if (user.locked) throw failWithCode(423, 'account_locked_error');
    row.lastUsedAt = new Date().toISOString();
    const validUntil = Date.now() + STEP_UP_WINDOW_MS;
    call.store.state.security.stepUpUntil = validUntil;
    return json({ validUntil: new Date(validUntil).toISOString() });
  },
};

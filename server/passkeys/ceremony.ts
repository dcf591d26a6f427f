/**
 * The WebAuthn checks of a passkey ceremony, by @simplewebauthn/server (docs/decisions/security.md: Passkeys): the
 * relying party and origin are SITE_URL's (server configuration), never what the request says; user verification
 * is required; attestation is 'none' (we trust no vendor list, only the key the user registers).
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type {
  PasskeyAuthenticationResponseWire,
  PasskeyRegistrationResponseWire,
} from '../../api/contract/passkeys';
import { PASSKEY_CHALLENGE_TTL_MS } from '../../api/contract/passkeys';
import type { ServerConfig } from '../config';
import type { passkeys } from '../db/schema';

type PasskeyRow = typeof passkeys.$inferSelect;

/** The relying party: SITE_URL's host is its id, SITE_URL's origin the only origin accepted. */
export const relyingPartyOf = (config: Pick<ServerConfig, 'siteUrl' | 'totpIssuer'>) => {
  const site = new URL(config.siteUrl);
  return { id: site.hostname, origin: site.origin, name: config.totpIssuer };
};

/** The WebAuthn user handle: the account's id, no e-mail or name (the authenticator keeps it). */
export const userHandleOf = (userId: number): string => isoBase64URL.fromUTF8String(`user:${userId}`);

/**
 * The challenge the browser signed, read from clientDataJSON, or null when it cannot be read. It is looked up (and
 * used up) before the library checks the rest.
 */
export const signedChallenge = (clientDataJSON: string): string | null => {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128
      ? challenge
      : null;
  } catch {
    return null;
  }
};

const transportsOf = (row: Pick<PasskeyRow, 'transports'>) =>
  row.transports as NonNullable<WebAuthnCredential['transports']>;

export const creationOptions = (
  config: ServerConfig,
  user: { id: number; email: string; name: string },
  existing: ReadonlyArray<Pick<PasskeyRow, 'credentialId' | 'transports'>>,
) => {
  const rp = relyingPartyOf(config);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: isoBase64URL.toBuffer(userHandleOf(user.id)),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The authenticators the account has already: the browser says so instead of making a second one.
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
};

export const requestOptions = (config: Pick<ServerConfig, 'siteUrl' | 'totpIssuer'>) =>
  // No allowCredentials: the authenticator offers the passkeys it keeps for this site (discoverable credentials),
  // so the e-mail is not needed and no answer tells which e-mails have passkeys.
  generateAuthenticationOptions({
    rpID: relyingPartyOf(config).id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });

/**
 * The step-up by passkey (docs/decisions/security.md: Step-up): the signed-in user is known, so the browser is told which
 * passkeys are theirs (allowCredentials) and offers no other; user verification is required as at sign-in.
 */
export const stepUpRequestOptions = (
  config: ServerConfig,
  credentials: ReadonlyArray<Pick<PasskeyRow, 'credentialId' | 'transports'>>,
) =>
  generateAuthenticationOptions({
    rpID: relyingPartyOf(config).id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials: credentials.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
  });

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The new credential, or null when the response is not a valid, user-verified one for this challenge and site. */
export const verifyRegistration = async (
  config: ServerConfig,
  response: PasskeyRegistrationResponseWire,
  challenge: string,
): Promise<NewCredential | null> => {
  const rp = relyingPartyOf(config);
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: response.response.transports ?? [],
    };
  } catch {
    // The library throws for every malformed or refused response; to the caller they are all one refusal.
    return null;
  }
};

export type AssertionCheck = { ok: true; newCounter: number } | { ok: false; clone: boolean };

/**
 * Checks a sign-in assertion against the stored credential. The counter is compared here, after the signature
 * was proved, so only the real authenticator's (or its clone's) signature can report a clone: a counter that does
 * not go forward (where either is above 0, as WebAuthn says) means a copy of the key is in use.
 */
export const verifyAssertion = async (
  config: ServerConfig,
  response: PasskeyAuthenticationResponseWire,
  challenge: string,
  row: Pick<PasskeyRow, 'credentialId' | 'publicKey' | 'counter' | 'transports'>,
): Promise<AssertionCheck> => {
  const rp = relyingPartyOf(config);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      // The stored counter is compared below, after the signature is known to be good.
      credential: {
        id: row.credentialId,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: 0,
        transports: transportsOf(row),
      },
    });
    if (!result.verified) return { ok: false, clone: false };
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return { ok: false, clone: false };
  }
  if ((newCounter > 0 || row.counter > 0) && newCounter <= row.counter) return { ok: false, clone: true };
  return { ok: true, newCounter };
};

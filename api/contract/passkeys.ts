/**
 * Passkeys (WebAuthn, docs/decisions/security.md: Passkeys): adding one on /me (behind the step-up), the list, rename,
 * remove, and signing in with one on /login. The ceremonies' JSON is the W3C WebAuthn Level 3 JSON encoding
 * (base64url strings), what @simplewebauthn/browser hands over and @simplewebauthn/server reads; the shapes below
 * bound it so that hostile input is refused with a 400 before the library sees it.
 */
import * as v from 'valibot';
import { boundedString, VALIDATION_CODES as C } from './common';

/** A passkey's name: what the list shows. */
export const PASSKEY_NAME_MAX = 64;
/** How long a ceremony's challenge can be used (docs/decisions/security.md: Passkeys). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** WebAuthn caps credential ids at 1023 bytes: 1364 base64url characters. */
const CREDENTIAL_ID_MAX = 1364;
/** Attestation objects and client data are a few hundred bytes; 16 KB leaves room for any real authenticator. */
const BLOB_MAX = 16_384;

const base64url = (max: number) =>
  v.pipe(
    v.string(C.required),
    v.nonEmpty(C.required),
    v.maxLength(max, C.max),
    v.regex(/^[A-Za-z0-9_-]+$/, C.pattern),
  );
const Transports = v.pipe(v.array(v.pipe(v.string(), v.maxLength(32, C.max))), v.maxLength(8));

// ---------------------------------------------------------------------------------------------- ceremony options

const CredentialDescriptorWire = v.object({
  id: v.string(),
  type: v.literal('public-key'),
  transports: v.optional(v.array(v.string())),
});

/** POST /api/me/passkeys/options: what navigator.credentials.create needs (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptionsWire = v.looseObject({
  challenge: v.string(),
  rp: v.looseObject({ id: v.optional(v.string()), name: v.string() }),
  user: v.looseObject({ id: v.string(), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.looseObject({ type: v.literal('public-key'), alg: v.number() })),
  timeout: v.optional(v.number()),
  excludeCredentials: v.optional(v.array(CredentialDescriptorWire)),
  authenticatorSelection: v.optional(v.looseObject({})),
  attestation: v.optional(v.string()),
});
export type PasskeyCreationOptionsWire = v.InferOutput<typeof PasskeyCreationOptionsWire>;
export const PasskeyCreationOptionsAnswerWire = v.object({ options: PasskeyCreationOptionsWire });

/** POST /api/login/passkey/options: what navigator.credentials.get needs (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptionsWire = v.looseObject({
  challenge: v.string(),
  rpId: v.optional(v.string()),
  timeout: v.optional(v.number()),
  allowCredentials: v.optional(v.array(CredentialDescriptorWire)),
  userVerification: v.optional(v.string()),
});
export type PasskeyRequestOptionsWire = v.InferOutput<typeof PasskeyRequestOptionsWire>;
export const PasskeyRequestOptionsAnswerWire = v.object({ options: PasskeyRequestOptionsWire });

// ---------------------------------------------------------------------------------------------- ceremony results

const ClientExtensionResults = v.optional(v.record(v.string(), v.unknown()));
const Attachment = v.optional(v.picklist(['platform', 'cross-platform']));

/** The browser's RegistrationResponseJSON. */
export const PasskeyRegistrationResponseWire = v.object({
  id: base64url(CREDENTIAL_ID_MAX),
  rawId: base64url(CREDENTIAL_ID_MAX),
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: base64url(BLOB_MAX),
    attestationObject: base64url(BLOB_MAX),
    transports: v.optional(Transports),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ClientExtensionResults,
});
export type PasskeyRegistrationResponseWire = v.InferOutput<typeof PasskeyRegistrationResponseWire>;

/** POST /api/me/passkeys: the ceremony's result and, if the user gave one, a name (else the browser's). */
export const AddPasskeyRequestWire = v.object({
  credential: PasskeyRegistrationResponseWire,
  name: v.optional(boundedString(1, PASSKEY_NAME_MAX)),
});
export type AddPasskeyRequestWire = v.InferOutput<typeof AddPasskeyRequestWire>;

/** The browser's AuthenticationResponseJSON. */
export const PasskeyAuthenticationResponseWire = v.object({
  id: base64url(CREDENTIAL_ID_MAX),
  rawId: base64url(CREDENTIAL_ID_MAX),
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: base64url(BLOB_MAX),
    authenticatorData: base64url(BLOB_MAX),
    signature: base64url(BLOB_MAX),
    userHandle: v.optional(base64url(256)),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ClientExtensionResults,
});
export type PasskeyAuthenticationResponseWire = v.InferOutput<typeof PasskeyAuthenticationResponseWire>;

/** POST /api/login/passkey: answers as POST /api/login does (LoginAnswerWire). */
export const PasskeyLoginRequestWire = v.object({ credential: PasskeyAuthenticationResponseWire });
export type PasskeyLoginRequestWire = v.InferOutput<typeof PasskeyLoginRequestWire>;

/**
 * POST /api/me/step_up/passkey: the step-up by passkey (docs/decisions/security.md: Step-up), the browser's answer to the
 * options of POST /api/me/step_up/passkey/options; answers as POST /api/me/step_up does (StepUpAnswerWire).
 */
export const PasskeyStepUpRequestWire = v.object({ credential: PasskeyAuthenticationResponseWire });
export type PasskeyStepUpRequestWire = v.InferOutput<typeof PasskeyStepUpRequestWire>;

// ---------------------------------------------------------------------------------------------- the list

/** A passkey as /me lists it: never its key (public anyway) nor its credential id. */
export const PasskeyWire = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  lastUsedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  /**
   * Suspended by a recovery (docs/decisions/security.md: Recovery review): it signs nobody in. Optional: a server
   * from before it sends none.
   */
  suspended: v.optional(v.boolean()),
});
export type PasskeyWire = v.InferOutput<typeof PasskeyWire>;

/** GET /api/me/passkeys. */
export const PasskeysAnswerWire = v.object({ passkeys: v.array(PasskeyWire) });
export type PasskeysAnswerWire = v.InferOutput<typeof PasskeysAnswerWire>;

/** PUT and DELETE /api/me/passkeys/:id. */
export const PasskeyParamsWire = v.object({
  // Nine digits at most: always within the database's integer ids.
  id: v.pipe(v.string(C.required), v.regex(/^[1-9]\d{0,8}$/, C.pattern)),
});
export const RenamePasskeyRequestWire = v.object({ name: boundedString(1, PASSKEY_NAME_MAX) });
export type RenamePasskeyRequestWire = v.InferOutput<typeof RenamePasskeyRequestWire>;

// ---------------------------------------------------------------------------------------------- domain

/** A passkey of the user's, as /me shows it (the wire's names are the domain's). */
export type Passkey = PasskeyWire;
/** Renaming one: its id and the new name (RenamePasskeyRequestWire's rule). */
export interface RenamePasskeyInput {
  id: number;
  name: string;
}
/** Adding one: the ceremony's result and the name the user gave, if any (else the server names it). */
export interface AddPasskeyInput {
  credential: PasskeyRegistrationResponseWire;
  name?: string;
}

/**
 * A software authenticator for server tests: makes real WebAuthn answers (an ES256 key from node:crypto, a CBOR
 * attestationObject with fmt 'none', authenticatorData with UP|UV, clientDataJSON), which @simplewebauthn/server
 * verifies for real. Each knob a test needs to break one rule at a time: origin, rp id, type, flags, counter.
 */
import {
  createHash,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const uint32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};

export interface CeremonyKnobs {
  origin?: string;
  rpId?: string;
  /** Default true: the authenticator says the user was verified (PIN, biometric). */
  userVerified?: boolean;
  /** The signature count to report; default: one more than the last. */
  counter?: number;
}

export interface StoredKey {
  credentialId: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export class SoftAuthenticator {
  readonly keys: StoredKey[] = [];

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  private clientData(type: string, challenge: string, knobs: CeremonyKnobs) {
    return JSON.stringify({ type, challenge, origin: knobs.origin ?? this.origin, crossOrigin: false });
  }

  private flags(knobs: CeremonyKnobs, extra = 0) {
    return Buffer.from([FLAG_UP | (knobs.userVerified === false ? 0 : FLAG_UV) | extra]);
  }

  /**
   * navigator.credentials.create: a new key for the options' user, answered as RegistrationResponseJSON; or, with
   * `again`, a key made before offered a second time (what excludeCredentials is there to prevent).
   */
  create(options: { challenge: string; user: { id: string } }, knobs: CeremonyKnobs = {}, again?: StoredKey) {
    const privateKey = again?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const publicKey = createPublicKey(privateKey);
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credentialId = again?.credentialId ?? randomBytes(16);
    const counter = knobs.counter ?? 0;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(knobs.rpId ?? this.rpId),
      this.flags(knobs, FLAG_AT),
      uint32(counter),
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    if (!again) this.keys.push({ credentialId, privateKey, userHandle: options.user.id, counter });
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, knobs)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get with a stored key (the last made by default): AuthenticationResponseJSON. */
  get(options: { challenge: string }, knobs: CeremonyKnobs = {}, key = this.keys.at(-1)) {
    if (!key) throw new Error('SoftAuthenticator: no key made yet');
    key.counter = knobs.counter ?? key.counter + 1;
    const authData = Buffer.concat([sha256(knobs.rpId ?? this.rpId), this.flags(knobs), uint32(key.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, knobs);
    const signer = createSign('sha256');
    signer.update(Buffer.concat([authData, sha256(clientDataJSON)]));
    return {
      id: b64url(key.credentialId),
      rawId: b64url(key.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signer.sign(key.privateKey)),
        userHandle: key.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}

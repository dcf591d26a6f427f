/**
 * Passkey calls (docs/decisions.md: Passkeys). Domain in, domain out; failures reject with ApiError (api/errors.ts).
 * The WebAuthn ceremonies themselves run in the browser (api/passkeyCeremony.ts); these calls carry their options
 * and results.
 */
import { callApi } from './client';
import {
  fromLoginAnswerWire,
  LoginAnswerWire,
  type LoginResult,
  type Passkey,
  type PasskeyAuthenticationResponseWire,
  PasskeyCreationOptionsAnswerWire,
  type PasskeyCreationOptionsWire,
  type PasskeyRegistrationResponseWire,
  PasskeyRequestOptionsAnswerWire,
  type PasskeyRequestOptionsWire,
  PasskeysAnswerWire,
  PasskeyWire,
  type RenamePasskeyInput,
} from './contract';

export const passkeyRegistrationOptions = async (): Promise<PasskeyCreationOptionsWire> =>
  (await callApi('passkeyRegistrationOptions', {}, PasskeyCreationOptionsAnswerWire)).options;

export const addPasskey = async (input: {
  credential: PasskeyRegistrationResponseWire;
  name?: string;
}): Promise<Passkey> => callApi('addPasskey', { json: input }, PasskeyWire);

export const getPasskeys = async (): Promise<Passkey[]> =>
  (await callApi('getPasskeys', {}, PasskeysAnswerWire)).passkeys;

export const renamePasskey = async (input: RenamePasskeyInput): Promise<Passkey> =>
  callApi('renamePasskey', { params: { id: String(input.id) }, json: { name: input.name } }, PasskeyWire);

export const removePasskey = async (input: { id: number }): Promise<void> =>
  callApi('removePasskey', { params: { id: String(input.id) } });

export const passkeyLoginOptions = async (): Promise<PasskeyRequestOptionsWire> =>
  (await callApi('passkeyLoginOptions', {}, PasskeyRequestOptionsAnswerWire)).options;

export const passkeyLogin = async (credential: PasskeyAuthenticationResponseWire): Promise<LoginResult> =>
  fromLoginAnswerWire(await callApi('passkeyLogin', { json: { credential } }, LoginAnswerWire));

/**
 * Passkey calls of /login (docs/decisions.md: Passkeys). Domain in, domain out; failures reject with ApiError
 * (api/errors.ts). The WebAuthn ceremonies themselves run in the browser (api/passkeyCeremony.ts); these calls carry
 * their options and results. The /me calls (add, list, rename, remove) come with their screens.
 */
import { callApi } from './client';
import {
  fromLoginAnswerWire,
  LoginAnswerWire,
  type LoginResult,
  type PasskeyAuthenticationResponseWire,
  PasskeyRequestOptionsAnswerWire,
  type PasskeyRequestOptionsWire,
} from './contract';

export const passkeyLoginOptions = async (): Promise<PasskeyRequestOptionsWire> =>
  (await callApi('passkeyLoginOptions', {}, PasskeyRequestOptionsAnswerWire)).options;

export const passkeyLogin = async (credential: PasskeyAuthenticationResponseWire): Promise<LoginResult> =>
  fromLoginAnswerWire(await callApi('passkeyLogin', { json: { credential } }, LoginAnswerWire));

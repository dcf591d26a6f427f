/**
 * Passkey calls (docs/decisions/security.md: Passkeys): /login's sign-in and /me's add, list, rename, remove. Domain in,
 * domain out; failures reject with ApiError (api/errors.ts). The WebAuthn ceremonies themselves run in the browser
 * (api/passkeyCeremony.ts); these calls carry their options and results.
 */
import { callApi } from './client';
import {
  type AddPasskeyInput,
  fromLoginAnswerWire,
  LoginAnswerWire,
  type LoginResult,
  type Passkey,
  type PasskeyAuthenticationResponseWire,
  PasskeyCreationOptionsAnswerWire,
  type PasskeyCreationOptionsWire,
  PasskeyRequestOptionsAnswerWire,
  type PasskeyRequestOptionsWire,
  PasskeysAnswerWire,
  PasskeyWire,
  type RenamePasskeyInput,
  StepUpAnswerWire,
} from './contract';

export const passkeyLoginOptions = async (): Promise<PasskeyRequestOptionsWire> =>
  (await callApi('passkeyLoginOptions', {}, PasskeyRequestOptionsAnswerWire)).options;

export const passkeyLogin = async (credential: PasskeyAuthenticationResponseWire): Promise<LoginResult> =>
  fromLoginAnswerWire(await callApi('passkeyLogin', { json: { credential } }, LoginAnswerWire));

/** The options for navigator.credentials.create; refused with step_up_required_error without a recent step-up. */
export const passkeyRegistrationOptions = async (): Promise<PasskeyCreationOptionsWire> =>
  (await callApi('passkeyRegistrationOptions', {}, PasskeyCreationOptionsAnswerWire)).options;

/** Answers the passkey as listed. */
export const addPasskey = async (input: AddPasskeyInput): Promise<Passkey> =>
  callApi(
    'addPasskey',
    { json: input.name === undefined ? { credential: input.credential } : input },
    PasskeyWire,
  );

export const getPasskeys = async (): Promise<Passkey[]> =>
  (await callApi('getPasskeys', {}, PasskeysAnswerWire)).passkeys;

/** Answers the passkey with its new name. */
export const renamePasskey = async (input: RenamePasskeyInput): Promise<Passkey> =>
  callApi('renamePasskey', { params: { id: String(input.id) }, json: { name: input.name } }, PasskeyWire);

export const removePasskey = async (input: { id: number }): Promise<void> =>
  callApi('removePasskey', { params: { id: String(input.id) } });

/** The step-up by passkey's options: this user's passkeys only (passkey_not_found_error when there is none). */
export const passkeyStepUpOptions = async (): Promise<PasskeyRequestOptionsWire> =>
  (await callApi('passkeyStepUpOptions', {}, PasskeyRequestOptionsAnswerWire)).options;

/** The step-up by passkey: answers as POST /api/me/step_up does, until when changes go through. */
export const passkeyStepUp = async (
  credential: PasskeyAuthenticationResponseWire,
): Promise<{ validUntil: string }> => callApi('passkeyStepUp', { json: { credential } }, StepUpAnswerWire);

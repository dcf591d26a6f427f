/**
 * The recovery review's calls (docs/decisions/security.md: Recovery review): the token travels in the body of every call.
 * Domain in, domain out; failures reject with ApiError (api/errors.ts).
 */
import { callApi } from './client';
import {
  OkAnswerWire,
  type RecoveryPasskeyInput,
  type RecoveryReview,
  type RecoveryReviewInput,
  RecoveryReviewWire,
} from './contract';

export const getRecoveryReview = async (input: RecoveryReviewInput): Promise<RecoveryReview> =>
  callApi('getRecoveryReview', { json: { token: input.token } }, RecoveryReviewWire);

export const keepRecoveryPasskey = async (input: RecoveryPasskeyInput): Promise<RecoveryReview> =>
  callApi('keepRecoveryPasskey', { json: { token: input.token, id: input.id } }, RecoveryReviewWire);

export const removeRecoveryPasskey = async (input: RecoveryPasskeyInput): Promise<RecoveryReview> =>
  callApi('removeRecoveryPasskey', { json: { token: input.token, id: input.id } }, RecoveryReviewWire);

export const removeRecoveryAuthenticator = async (input: RecoveryReviewInput): Promise<RecoveryReview> =>
  callApi('removeRecoveryAuthenticator', { json: { token: input.token } }, RecoveryReviewWire);

export const finishRecoveryReview = async (input: RecoveryReviewInput): Promise<void> => {
  await callApi('finishRecoveryReview', { json: { token: input.token } }, OkAnswerWire);
};

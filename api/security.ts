/**
 * The account-security centre's calls (docs/decisions/security.md: Account-security centre). Domain in, domain out; failures
 * reject with ApiError (api/errors.ts).
 */
import { callApi } from './client';
import {
  type ChangeEmailInput,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type DeviceSession,
  EmailChangeAnswerWire,
  type EmailChangeTokenInput,
  type EmailLinkResult,
  EmailUndoAnswerWire,
  EndedSessionsAnswerWire,
  type EndSessionInput,
  type ForgetDeviceInput,
  type RememberedDevice,
  RememberedDevicesAnswerWire,
  SessionsAnswerWire,
  StepUpAnswerWire,
  type StepUpInput,
  toChangePasswordRequestWire,
  toStepUpRequestWire,
} from './contract';

/** Answers until when changes go through without asking again. */
export const stepUp = async (input: StepUpInput): Promise<{ validUntil: string }> =>
  callApi('stepUp', { json: toStepUpRequestWire(input) }, StepUpAnswerWire);

export const changePassword = async (input: ChangePasswordInput): Promise<void> =>
  callApi('changePassword', { json: toChangePasswordRequestWire(input) });

export const changeEmail = async (input: ChangeEmailInput): Promise<void> =>
  callApi('changeEmail', { json: { email: input.email } });

/** Answers the address the account now has. */
export const confirmEmailChange = async (input: EmailChangeTokenInput): Promise<EmailLinkResult> =>
  callApi('confirmEmailChange', { json: { token: input.token } }, EmailChangeAnswerWire);

/** Answers the address back and a reset token: the owner sets a new password next (docs/decisions/security.md: Recovery review). */
export const undoEmailChange = async (input: EmailChangeTokenInput): Promise<EmailLinkResult> =>
  callApi('undoEmailChange', { json: { token: input.token } }, EmailUndoAnswerWire);

export const getSessions = async (): Promise<DeviceSession[]> =>
  (await callApi('getSessions', {}, SessionsAnswerWire)).sessions;

export const endSession = async (input: EndSessionInput): Promise<void> =>
  callApi('endSession', { params: { id: input.id } });

/** The browsers that skip the one-time code at login (docs/decisions/security.md: Remember this device). */
export const getRememberedDevices = async (): Promise<RememberedDevice[]> =>
  (await callApi('getRememberedDevices', {}, RememberedDevicesAnswerWire)).devices;

export const forgetRememberedDevice = async (input: ForgetDeviceInput): Promise<void> =>
  callApi('forgetRememberedDevice', { params: { id: input.id } });

/** Answers how many other sessions ended. */
export const endOtherSessions = async (): Promise<{ ended: number }> =>
  callApi('endOtherSessions', {}, EndedSessionsAnswerWire);

export const deleteAccount = async (input: DeleteAccountInput): Promise<void> =>
  callApi('deleteAccount', { json: { confirmation: input.confirmation } });

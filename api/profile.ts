/** Profile calls (spec 7): GET /api/me (any failure means not logged in) and PUT /api/me. */
import { callApi } from './client';
import {
  fromSaveProfileAnswerWire,
  fromUserProfileWire,
  type SavedProfile,
  SaveProfileAnswerWire,
  type SaveProfileInput,
  toSaveProfileRequestWire,
  type UserProfile,
  UserProfileWire,
} from './contract';

/** `timeoutMs`: give up sooner than the usual time-out (the login page's quick session check). */
export const getMe = async ({ timeoutMs }: { timeoutMs?: number } = {}): Promise<UserProfile> =>
  fromUserProfileWire(
    await callApi('getMe', timeoutMs === undefined ? {} : { timeout: timeoutMs }, UserProfileWire),
  );

export const saveProfile = async (input: SaveProfileInput): Promise<SavedProfile> =>
  fromSaveProfileAnswerWire(
    await callApi('saveProfile', { json: toSaveProfileRequestWire(input) }, SaveProfileAnswerWire),
  );

/** spec 2 Me page: the banner's button sends the confirmation mail again. */
export const resendConfirmation = async (): Promise<void> => callApi('resendConfirmation');

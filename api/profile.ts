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

export const getMe = async (): Promise<UserProfile> =>
  fromUserProfileWire(await callApi('getMe', {}, UserProfileWire));

export const saveProfile = async (input: SaveProfileInput): Promise<SavedProfile> =>
  fromSaveProfileAnswerWire(
    await callApi('saveProfile', { json: toSaveProfileRequestWire(input) }, SaveProfileAnswerWire),
  );

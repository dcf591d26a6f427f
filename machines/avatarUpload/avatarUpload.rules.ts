import type { ImageRef } from '../../api/contract/common';
import { VALIDATION_CODES } from '../../api/contract/common';
import type { ApiFailure } from '../../api/contract/errorCodes';
import { pageRefusal } from '../form/refusal';
import type { AvatarRefusal, AvatarUploadContext } from './avatarUpload.types';

export const initialContext = (image: ImageRef | null): AvatarUploadContext => ({
  saved: image,
  current: image,
  unsaved: [],
  source: null,
  progress: 0,
  refusal: undefined,
  dropping: [],
});

/** spec 8 Image upload: the server's reason when it names one (type or size of the file, the link), else the code. */
export const refusalOfUpload = (failure: ApiFailure): AvatarRefusal => {
  const codes = failure.fieldErrors.map((error) => error.code);
  if (codes.includes(VALIDATION_CODES.max)) return { reason: 'size' };
  if (failure.fieldErrors.some((error) => error.field === 'url')) return { reason: 'link' };
  if (failure.fieldErrors.some((error) => error.field === 'file')) return { reason: 'type' };
  return { reason: 'failed', ...pageRefusal(failure) };
};

/** Records no longer anybody's picture once `kept` is: the unsaved ones, and the saved one if replaced. */
export const droppedOnCommit = (context: AvatarUploadContext): string[] => {
  const keep = context.current?.id;
  const candidates = [...context.unsaved, ...(context.saved ? [context.saved.id] : [])];
  return [...new Set(candidates.filter((id) => id !== keep))];
};

export const droppedOnDiscard = (context: AvatarUploadContext): string[] =>
  context.unsaved.filter((id) => id !== context.saved?.id);

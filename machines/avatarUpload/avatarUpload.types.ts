/**
 * The avatar field's vocabulary (spec 4 Image upload, spec 7 Image record, Upload signature, Upload): where a
 * picture comes from, what the upload slot takes and gives, and why a picture was refused.
 */
import type { ActorRefFrom } from 'xstate';
import type { ImageRef } from '../../api/contract/common';
import type { AvatarSource } from '../../api/contract/images';
import type { Refusal } from '../form/refusal';
import type { avatarUploadMachine } from './avatarUpload.machine';

export type { AvatarSource, UploadAvatarInput } from '../../api/contract/images';

/**
 * Why a picture was refused, for the text under the field: not an image we take ('type'), too large ('size'),
 * not a web link ('link'), or the call failed (`code`, spec 8).
 */
export type AvatarRefusal = { reason: 'type' | 'size' | 'link' } | ({ reason: 'failed' } & Refusal);

export interface AvatarUploadContext {
  /** The picture of the saved profile. */
  saved: ImageRef | null;
  /** The picture the form shows and will save (null: none). */
  current: ImageRef | null;
  /** Image records uploaded in this edit and not saved yet: dropped on Cancel, or when another one is saved. */
  unsaved: string[];
  /** What is being prepared or uploaded. */
  source: AvatarSource | null;
  /** 0-100 while uploading. */
  progress: number;
  refusal: AvatarRefusal | undefined;
  /** Records being deleted now (no longer anybody's picture). */
  dropping: string[];
}

export type AvatarUploadEvent =
  | { type: 'file.choose'; file: Blob }
  | { type: 'url.submit'; url: string }
  | { type: 'upload.progress'; percent: number }
  | { type: 'delete' }
  /** The profile was saved with `current`: it becomes the saved picture; the others go. */
  | { type: 'commit' }
  /** The edit was cancelled: back to the saved picture; unsaved uploads go. */
  | { type: 'discard' };

export type AvatarUploadActorRef = ActorRefFrom<typeof avatarUploadMachine>;

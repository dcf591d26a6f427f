/** The avatarUpload model's samples (test/model/samples.ts): shared by its model test and the flow explorer. */
import type { SnapshotFrom } from 'xstate';
import type { ImageRef } from '../../api/contract/common';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SOURCE_MAX_BYTES } from '../../api/contract/limits';
import { type ModelSamples, refusal } from '../../test/model/samples';
import type { avatarUploadMachine } from './avatarUpload.machine';

type Snapshot = SnapshotFrom<typeof avatarUploadMachine>;

/** A one-colour picture inline, so that showing it fetches nothing. */
const picture = (colour: string) =>
  `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'%3E%3Crect width='1' height='1' fill='%23${colour}'/%3E%3C/svg%3E`;
const savedImage: ImageRef = { id: '1', url: picture('bbb') };
const uploaded: ImageRef = { id: '2', url: picture('7a9') };
/**
 * The files' time, fixed: a File's lastModified defaults to the moment it is made, and a path's id is a hash of its
 * events (test/model/pathId.ts), so a time of the run would give these paths new ids on every run.
 */
const FILE_TIME = Date.UTC(2026, 0, 1);
const sized = (type: string, size: number, name: string): File => {
  const file = new File([new Uint8Array(8)], name, { type, lastModified: FILE_TIME });
  // Enumerable, so that samples of different sizes stay apart in the model (a Blob serialises as {}).
  Object.defineProperty(file, 'size', { value: size, enumerable: true });
  return file;
};
const photo = sized('image/png', 2_000_000, 'photo.png');
const pdf = sized('application/pdf', 1000, 'letter.pdf');
const huge = sized('image/jpeg', PROFILE_IMAGE_SOURCE_MAX_BYTES + 1, 'huge.jpg');
const small = sized('image/png', 40_000, 'square.png');
const stillTooLarge = sized('image/png', PROFILE_IMAGE_MAX_BYTES + 1, 'square.png');
const resting = (snapshot: Snapshot) =>
  snapshot.matches('idle') || snapshot.matches('uploaded') || snapshot.matches('refused');

export const avatarUploadSamples = {
  input: { image: savedImage },
  events: {
    'file.choose': (snapshot: Snapshot) =>
      resting(snapshot) ? [{ file: photo }, { file: pdf }, { file: huge }] : [],
    'url.submit': (snapshot: Snapshot) =>
      resting(snapshot) ? [{ url: 'https://example.test/me.jpg' }, { url: 'javascript:alert(1)' }] : [],
    'upload.progress': (snapshot: Snapshot) => (snapshot.matches('uploading') ? [{ percent: 40 }] : []),
    delete: (snapshot: Snapshot) => (resting(snapshot) && snapshot.context.current ? [{}] : []),
    commit: (snapshot: Snapshot) => (resting(snapshot) ? [{}] : []),
    discard: (snapshot: Snapshot) => (snapshot.matches('droppingImages') ? [] : [{}]),
    'xstate.done.actor.prepareImage': [{ output: small }, { output: stillTooLarge }],
    'xstate.error.actor.prepareImage': [{ error: new Error('cannot decode') }],
    'xstate.done.actor.uploadAvatar': [{ output: uploaded }],
    'xstate.error.actor.uploadAvatar': [
      refusal('unknown_server_error', {
        fieldErrors: [{ field: 'file', code: 'any.invalid', message: 'any.invalid' }],
      }),
      refusal('rate_limited_error'),
    ],
    'xstate.done.actor.deleteImages': [{ output: undefined }],
    'xstate.error.actor.deleteImages': [{ error: new Error('offline') }],
  },
} satisfies ModelSamples<typeof avatarUploadMachine>;

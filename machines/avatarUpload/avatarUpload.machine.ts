import { assign, fromPromise, setup } from 'xstate';
import type { ImageRef } from '../../api/contract/common';
import { failureOf } from '../../api/contract/errorCodes';
import { ImageLinkSchema } from '../../api/contract/images';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_SOURCE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
} from '../../api/contract/limits';
import { isValid } from '../../api/contract/validation';
import { droppedOnCommit, droppedOnDiscard, initialContext, refusalOfUpload } from './avatarUpload.rules';
import type { AvatarUploadContext, AvatarUploadEvent, UploadAvatarInput } from './avatarUpload.types';

const chosenFile = (event: AvatarUploadEvent): Blob | undefined =>
  event.type === 'file.choose' ? event.file : undefined;

/** What the field does in every resting state: take a file or a link, delete the picture. */
const choices = {
  'file.choose': [
    { guard: 'isAcceptedType', target: 'preparing', actions: 'takeFile' },
    { guard: 'isImage', target: 'refused', actions: { type: 'refuse', params: 'size' } },
    { target: 'refused', actions: { type: 'refuse', params: 'type' } },
  ],
  'url.submit': [
    { guard: 'isWebLink', target: 'uploading', actions: 'takeLink' },
    { target: 'refused', actions: { type: 'refuse', params: 'link' } },
  ],
  delete: { target: 'idle', actions: ['clearPicture', { type: 'reportImage', params: null }] },
} as const;

/**
 * spec 4 Image upload (spec 7 Upload signature, Upload, Image record): the avatar field of the profile edit form.
 * A file (template profile-file) is cropped square and shrunk in the browser, then uploaded with its progress; a
 * link (template profile) is imported; uploaded shows the preview; a refusal says why (type, size, link, or the
 * spec 8 code). Delete clears the picture. Nothing is final until the profile is saved: `commit` keeps the picture
 * shown and drops the others, `discard` (Cancel) goes back to the saved one and drops unsaved uploads.
 *
 * Actor slots:
 * - `prepareImage` (Blob -> Blob): crop square and shrink (canvas; an unreadable file rejects: type refused).
 * - `uploadAvatar` (UploadAvatarInput -> ImageRef): signature, upload (this server or Transloadit), image record;
 *   reports progress through `onProgress`, which the machine turns into `upload.progress`.
 * - `deleteImages` ({ids}): DELETE /api/images/:id of records nobody's picture any more.
 * Effect: `reportImage` (ImageRef | null): the route tells the profile form the picture it will save.
 */
export const avatarUploadMachine = setup({
  types: {} as {
    context: AvatarUploadContext;
    input: { image: ImageRef | null };
    events: AvatarUploadEvent;
    tags: 'busy';
    children: { prepareImage: 'prepareImage'; uploadAvatar: 'uploadAvatar'; deleteImages: 'deleteImages' };
  },
  actors: {
    prepareImage: fromPromise<Blob, { file: Blob }>(async () => {
      throw new Error('actor prepareImage must be provided');
    }),
    uploadAvatar: fromPromise<ImageRef, UploadAvatarInput>(async () => {
      throw new Error('actor uploadAvatar must be provided');
    }),
    deleteImages: fromPromise<void, { ids: string[] }>(async () => {
      throw new Error('actor deleteImages must be provided');
    }),
  },
  guards: {
    isAcceptedType: ({ event }) => {
      const file = chosenFile(event);
      return (
        file !== undefined &&
        (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type) &&
        file.size <= PROFILE_IMAGE_SOURCE_MAX_BYTES
      );
    },
    /** An image of a type we take, refused only for its size. */
    isImage: ({ event }) =>
      (PROFILE_IMAGE_TYPES as readonly string[]).includes(chosenFile(event)?.type ?? ''),
    isWebLink: ({ event }) => event.type === 'url.submit' && isValid(ImageLinkSchema, event.url),
    fitsUpload: (_, output: Blob) => output.size <= PROFILE_IMAGE_MAX_BYTES,
    hasDroppingAfterCommit: ({ context }) => droppedOnCommit(context).length > 0,
    hasDroppingAfterDiscard: ({ context }) => droppedOnDiscard(context).length > 0,
  },
  actions: {
    takeFile: assign(({ event }) =>
      event.type === 'file.choose'
        ? { source: { template: 'profile-file' as const, file: event.file }, refusal: undefined }
        : {},
    ),
    takeLink: assign(({ event }) =>
      event.type === 'url.submit'
        ? { source: { template: 'profile' as const, url: event.url.trim() }, refusal: undefined }
        : {},
    ),
    refuse: assign((_, reason: 'type' | 'size' | 'link') => ({ refusal: { reason }, source: null })),
    clearPicture: assign({ current: null, refusal: undefined }),
    /** Effect: the route tells the profile form the picture it will save. */
    reportImage: (_, _image: ImageRef | null) => {
      throw new Error('action reportImage must be provided');
    },
    commit: assign(({ context }) => ({
      ...initialContext(context.current),
      dropping: droppedOnCommit(context),
    })),
    discard: assign(({ context }) => ({
      ...initialContext(context.saved),
      dropping: droppedOnDiscard(context),
    })),
  },
}).createMachine({
  id: 'avatarUpload',
  description:
    'spec 4 Image upload: uploading, uploaded (preview) or error; delete clears; a save commits the picture, Cancel drops an unsaved one',
  context: ({ input }) => initialContext(input.image),
  initial: 'idle',
  on: {
    commit: [
      { guard: 'hasDroppingAfterCommit', target: '.droppingImages', actions: 'commit' },
      { target: '.idle', actions: 'commit' },
    ],
    discard: [
      { guard: 'hasDroppingAfterDiscard', target: '.droppingImages', actions: 'discard' },
      { target: '.idle', actions: 'discard' },
    ],
  },
  states: {
    idle: {
      description: 'spec 2 Me page, profile edit: the picture (saved, or none) with Choose, link and Delete',
      on: choices,
    },
    preparing: {
      description:
        'spec 4 Image upload: the file cropped square and shrunk in the browser before it goes (docs/decisions/product.md: Avatar resized in the browser)',
      tags: ['busy'],
      invoke: {
        id: 'prepareImage',
        src: 'prepareImage',
        input: ({ context }) => ({
          file: context.source?.template === 'profile-file' ? context.source.file : new Blob(),
        }),
        onDone: [
          {
            guard: { type: 'fitsUpload', params: ({ event }) => event.output },
            target: 'uploading',
            actions: assign({ source: ({ event }) => ({ template: 'profile-file', file: event.output }) }),
          },
          { target: 'refused', actions: { type: 'refuse', params: 'size' } },
        ],
        onError: { target: 'refused', actions: { type: 'refuse', params: 'type' } },
      },
    },
    uploading: {
      description:
        'spec 4 Image upload: uploading with a progress bar (spec 7 Upload signature, Upload, Image record)',
      tags: ['busy'],
      entry: assign({ progress: 0 }),
      on: {
        'upload.progress': {
          actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }),
        },
      },
      invoke: {
        id: 'uploadAvatar',
        src: 'uploadAvatar',
        input: ({ context, self }) => ({
          source: context.source ?? { template: 'profile', url: '' },
          onProgress: (percent: number) => self.send({ type: 'upload.progress', percent }),
        }),
        onDone: {
          target: 'uploaded',
          actions: [
            assign({
              current: ({ event }) => event.output,
              unsaved: ({ context, event }) => [...new Set([...context.unsaved, event.output.id])],
              source: null,
              progress: 100,
            }),
            { type: 'reportImage', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'refused',
          actions: assign({ refusal: ({ event }) => refusalOfUpload(failureOf(event)), source: null }),
        },
      },
    },
    uploaded: {
      description: 'spec 4 Image upload: uploaded, the preview shown; saved only with the profile',
      on: choices,
    },
    refused: {
      description:
        'spec 4 Image upload: error, the reason shown (type or size refused, not a web link, spec 8)',
      on: choices,
    },
    droppingImages: {
      description:
        'spec 4 Image upload: records nobody uses any more (an unsaved upload after Cancel, a replaced picture after a save) are deleted',
      tags: ['busy'],
      invoke: {
        id: 'deleteImages',
        src: 'deleteImages',
        input: ({ context }) => ({ ids: context.dropping }),
        // Best effort: the server sweeps what is left (orphan uploads), and the user is done with this picture.
        onDone: { target: 'idle', actions: assign({ dropping: [] }) },
        onError: { target: 'idle', actions: assign({ dropping: [] }) },
      },
    },
  },
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ImageRef } from '../../api/contract/common';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SOURCE_MAX_BYTES } from '../../api/contract/limits';
import { avatarUploadMachine } from './avatarUpload.machine';
import type { UploadAvatarInput } from './avatarUpload.types';

const savedImage: ImageRef = { id: '1', url: 'https://example.test/1.png' };
const png = (size = 10) => new Blob([new Uint8Array(size)], { type: 'image/png' });
/** A Blob that says it is large without holding the bytes. */
const sized = (type: string, size: number): Blob => {
  const blob = new Blob([], { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
};

interface Fakes {
  prepared?: Blob | Error;
  uploads?: Array<ImageRef | { failure: unknown }>;
}

function start({ prepared = png(5), uploads = [] }: Fakes = {}, image: ImageRef | null = savedImage) {
  const uploadInputs: UploadAvatarInput[] = [];
  const deleted: string[][] = [];
  let release: (() => void) | undefined;
  const prepareImage = fromPromise<Blob, { file: Blob }>(async () => {
    if (prepared instanceof Error) throw prepared;
    return prepared;
  });
  const uploadAvatar = fromPromise<ImageRef, UploadAvatarInput>(async ({ input }) => {
    uploadInputs.push(input);
    input.onProgress(40);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = uploads[uploadInputs.length - 1];
    if (!answer || 'failure' in answer) throw answer;
    return answer;
  });
  const deleteImages = fromPromise<void, { ids: string[] }>(async ({ input }) => {
    deleted.push(input.ids);
  });
  const reportImage = vi.fn();
  const actor = createActor(
    avatarUploadMachine.provide({
      actors: { prepareImage, uploadAvatar, deleteImages },
      actions: { reportImage: (_, picture) => reportImage(picture) },
    }),
    { input: { image } },
  ).start();
  return { actor, uploadInputs, deleted, reportImage, finishUpload: () => release?.() };
}

const uploaded: ImageRef = { id: '2', url: 'https://example.test/2.png' };

describe('avatarUploadMachine (spec 4 Image upload, spec 7)', () => {
  it('prepares a chosen file, uploads the prepared one with progress, shows the preview and reports it', async () => {
    const small = png(5);
    const { actor, uploadInputs, reportImage, finishUpload } = start({
      prepared: small,
      uploads: [uploaded],
    });
    expect(actor.getSnapshot().context.current).toEqual(savedImage);
    actor.send({ type: 'file.choose', file: png(1000) });
    expect(actor.getSnapshot().value).toBe('preparing');
    const uploading = await waitFor(actor, (s) => s.matches('uploading') && s.context.progress === 40);
    expect(uploading.hasTag('busy')).toBe(true);
    expect(uploadInputs[0]?.source).toEqual({ template: 'profile-file', file: small });
    finishUpload();
    const done = await waitFor(actor, (s) => s.matches('uploaded'));
    expect(done.context.current).toEqual(uploaded);
    expect(done.context.progress).toBe(100);
    expect(reportImage).toHaveBeenCalledWith(uploaded);
  });

  it('imports a web link with template profile; refuses anything else as a link', async () => {
    const { actor, uploadInputs, finishUpload } = start({ uploads: [uploaded] });
    actor.send({ type: 'url.submit', url: 'javascript:alert(1)' });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.refusal).toEqual({ reason: 'link' });
    actor.send({ type: 'url.submit', url: ' https://example.test/me.jpg ' });
    await waitFor(actor, (s) => s.matches('uploading') && uploadInputs.length === 1);
    expect(uploadInputs[0]?.source).toEqual({ template: 'profile', url: 'https://example.test/me.jpg' });
    finishUpload();
    await waitFor(actor, (s) => s.matches('uploaded'));
  });

  it('refuses a file that is no image we take (type) or too large to read (size), before any call', () => {
    const { actor, uploadInputs } = start();
    actor.send({ type: 'file.choose', file: new Blob(['%PDF'], { type: 'application/pdf' }) });
    expect(actor.getSnapshot().context.refusal).toEqual({ reason: 'type' });
    actor.send({ type: 'file.choose', file: sized('image/jpeg', PROFILE_IMAGE_SOURCE_MAX_BYTES + 1) });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.refusal).toEqual({ reason: 'size' });
    expect(uploadInputs).toHaveLength(0);
  });

  it('refuses a file the browser cannot read (type) and one still too large once shrunk (size)', async () => {
    const unreadable = start({ prepared: new Error('decode') });
    unreadable.actor.send({ type: 'file.choose', file: png() });
    expect((await waitFor(unreadable.actor, (s) => s.matches('refused'))).context.refusal).toEqual({
      reason: 'type',
    });
    const huge = start({ prepared: sized('image/png', PROFILE_IMAGE_MAX_BYTES + 1) });
    huge.actor.send({ type: 'file.choose', file: png() });
    expect((await waitFor(huge.actor, (s) => s.matches('refused'))).context.refusal).toEqual({
      reason: 'size',
    });
  });

  it.each([
    [
      { code: 'unknown_server_error', fieldErrors: [{ field: 'file', code: 'any.invalid', message: '' }] },
      { reason: 'type' },
    ],
    [
      { code: 'unknown_server_error', fieldErrors: [{ field: 'file', code: 'string.max', message: '' }] },
      { reason: 'size' },
    ],
    [
      { code: 'rate_limited_error', fieldErrors: [] },
      { reason: 'failed', code: 'rate_limited_error' },
    ],
  ])('an upload refused by the server says why', async (failure, refusal) => {
    const { actor, finishUpload, reportImage } = start({ uploads: [{ failure }] });
    actor.send({ type: 'file.choose', file: png() });
    await waitFor(actor, (s) => s.matches('uploading'));
    finishUpload();
    const refused = await waitFor(actor, (s) => s.matches('refused'));
    expect(refused.context.refusal).toEqual(refusal);
    expect(refused.context.current).toEqual(savedImage);
    expect(reportImage).not.toHaveBeenCalled();
  });

  it('delete clears the picture and reports none; a save (commit) then deletes the replaced record', async () => {
    const { actor, reportImage, deleted } = start();
    actor.send({ type: 'delete' });
    expect(actor.getSnapshot().context.current).toBeNull();
    expect(reportImage).toHaveBeenCalledWith(null);
    actor.send({ type: 'commit' });
    expect(actor.getSnapshot().value).toBe('droppingImages');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(deleted).toEqual([['1']]);
    expect(actor.getSnapshot().context.saved).toBeNull();
  });

  it('Cancel (discard) goes back to the saved picture and deletes the unsaved upload', async () => {
    const { actor, finishUpload, deleted } = start({ uploads: [uploaded] });
    actor.send({ type: 'file.choose', file: png() });
    await waitFor(actor, (s) => s.matches('uploading'));
    finishUpload();
    await waitFor(actor, (s) => s.matches('uploaded'));
    actor.send({ type: 'discard' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.current).toEqual(savedImage);
    expect(deleted).toEqual([['2']]);
  });

  it('a save with the new picture keeps it and deletes the old one; nothing to drop goes straight to idle', async () => {
    const { actor, finishUpload, deleted } = start({ uploads: [uploaded] });
    actor.send({ type: 'commit' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'file.choose', file: png() });
    await waitFor(actor, (s) => s.matches('uploading'));
    finishUpload();
    await waitFor(actor, (s) => s.matches('uploaded'));
    actor.send({ type: 'commit' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.saved).toEqual(uploaded);
    expect(deleted).toEqual([['1']]);
    actor.send({ type: 'discard' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

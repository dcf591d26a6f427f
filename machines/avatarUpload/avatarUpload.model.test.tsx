import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ImageRef } from '../../api/contract/common';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SOURCE_MAX_BYTES } from '../../api/contract/limits';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { AvatarField } from '../../ui/me/AvatarField';
import { avatarUploadMachine } from './avatarUpload.machine';

type Snapshot = SnapshotFrom<typeof avatarUploadMachine>;

const savedImage: ImageRef = { id: '1', url: 'https://example.test/1.png' };
const uploaded: ImageRef = { id: '2', url: 'https://example.test/2.png' };
const sized = (type: string, size: number, name: string): File => {
  const file = new File([new Uint8Array(8)], name, { type });
  // Enumerable, so that samples of different sizes stay apart in the model (a Blob serialises as {}).
  Object.defineProperty(file, 'size', { value: size, enumerable: true });
  return file;
};
const photo = sized('image/png', 2_000_000, 'photo.png');
const pdf = sized('application/pdf', 1000, 'letter.pdf');
const huge = sized('image/jpeg', PROFILE_IMAGE_SOURCE_MAX_BYTES + 1, 'huge.jpg');
const small = sized('image/png', 40_000, 'square.png');
const stillTooLarge = sized('image/png', PROFILE_IMAGE_MAX_BYTES + 1, 'square.png');
const refused = (code: string, fieldErrors: { field: string; code: string; message: string }[] = []) => ({
  error: { failure: { code, fieldErrors } },
});
const resting = (snapshot: Snapshot) =>
  snapshot.matches('idle') || snapshot.matches('uploaded') || snapshot.matches('refused');

const model = modelFor(avatarUploadMachine, {
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
      refused('unknown_server_error', [{ field: 'file', code: 'any.invalid', message: 'any.invalid' }]),
      refused('rate_limited_error'),
    ],
    'xstate.done.actor.deleteImages': [{ output: undefined }],
    'xstate.error.actor.deleteImages': [{ error: new Error('offline') }],
  },
  implementations: { actions: { reportImage: () => {} } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const fileInput = (screen: Screen) => screen.getByLabelText('Choose a picture') as HTMLInputElement;

/** The picture the field shows: the current one, or the person icon. */
function expectPicture(screen: Screen, snapshot: Snapshot) {
  const { current } = snapshot.context;
  if (!current) {
    expect(screen.getByRole('img', { name: 'No profile picture' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete picture' })).toBeNull();
    return;
  }
  const name = snapshot.matches('uploaded') ? 'New profile picture (not saved yet)' : 'Profile picture';
  expect(screen.getByRole('img', { name }).getAttribute('src')).toBe(current.url);
}

const REFUSALS: Record<string, RegExp> = {
  type: /not a picture we can use/,
  size: /too large \(at most 10 MB\)/,
  link: /web link to a picture/,
  failed: /too many/i,
};

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <AvatarField actorRef={actorRef} />
      </I18nProvider>
    ),
    stateAssertions: {
      idle: (screen, snapshot) => {
        expectPicture(screen, snapshot as Snapshot);
        expect(screen.queryByRole('progressbar')).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(fileInput(screen).getAttribute('aria-disabled')).toBeNull();
      },
      preparing: (screen) => {
        expect(screen.getByText('Preparing the picture…')).toBeTruthy();
        expect(fileInput(screen).getAttribute('aria-disabled')).toBe('true');
      },
      uploading: (screen, snapshot) => {
        const bar = screen.getByRole('progressbar', { name: 'Uploading the picture' }) as HTMLProgressElement;
        expect(bar.value).toBe(snapshot.context.progress);
        expect(screen.getByText(`Uploading… ${snapshot.context.progress}%`)).toBeTruthy();
        expect(fileInput(screen).getAttribute('aria-disabled')).toBe('true');
      },
      uploaded: (screen, snapshot) => {
        expectPicture(screen, snapshot as Snapshot);
        expect(screen.queryByRole('progressbar')).toBeNull();
        expect(screen.getByRole('button', { name: 'Delete picture' })).toBeTruthy();
      },
      refused: (screen, snapshot) => {
        const refusal = snapshot.context.refusal;
        const alert = screen.getByRole('alert');
        expect(alert.textContent).toMatch(REFUSALS[refusal?.reason ?? ''] ?? /^$/);
        // The reason is tied to the file chooser (aria-describedby).
        expect(fileInput(screen).getAttribute('aria-describedby')).toBe(alert.id);
        expectPicture(screen, snapshot as Snapshot);
      },
      droppingImages: (screen, snapshot) => expectPicture(screen, snapshot as Snapshot),
    },
    eventDrivers: {
      'file.choose': (screen, _user, event) => {
        fireEvent.change(fileInput(screen), {
          target: { files: [(event as unknown as { file: File }).file] },
        });
      },
      'url.submit': async (screen, user, event) => {
        const field = screen.getByLabelText('Or the link of a picture');
        await user.clear(field);
        await user.type(field, (event as unknown as { url: string }).url);
        await user.click(screen.getByRole('button', { name: 'Use link' }));
      },
      'upload.progress': (_screen, _user, event, actorRef) => actorRef.send(event as never),
      delete: async (screen, user) => {
        await user.click(screen.getByRole('button', { name: 'Delete picture' }));
        // The button goes with the picture: the keyboard continues from the file chooser, not from the page top.
        expect(document.activeElement).toBe(fileInput(screen));
      },
      // The route sends these when the profile is saved or the edit cancelled.
      commit: (_screen, _user, event, actorRef) => actorRef.send(event as never),
      discard: (_screen, _user, event, actorRef) => actorRef.send(event as never),
    },
  },
});

import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { AvatarField } from '../../ui/me/AvatarField';
import { avatarUploadMachine } from './avatarUpload.machine';
import { avatarUploadSamples } from './avatarUpload.samples';

type Snapshot = SnapshotFrom<typeof avatarUploadMachine>;

const model = modelFor(avatarUploadMachine, {
  ...avatarUploadSamples,
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

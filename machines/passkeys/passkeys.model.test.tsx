import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, runOnScreen, type ScreenOptions, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { Heading, HeadingsAt } from '../../ui/components/headingLevel';
import { PasskeysPanel } from '../../ui/me/security/PasskeysPanel';
import { passkeysMachine } from './passkeys.machine';
import { passkeysSamples } from './passkeys.samples';

// Adding is machines/addPasskey's own screen, tested with it; here a deferred fake stands in for the child, so its
// part gets a stand-in too: its heading and the Cancel the list wires.
vi.mock('../../ui/me/security/AddPasskeyPart', () => ({
  AddPasskeyPart: ({ onClose }: { onClose: () => void }) => (
    <section>
      <Heading>Add a passkey</Heading>
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </section>
  ),
}));

type Snapshot = SnapshotFrom<typeof passkeysMachine>;
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const cardOf = (name: string) => within(document.body).getByText(name).closest('li') as HTMLElement;
const chosenName = (snapshot: Snapshot) =>
  snapshot.context.passkeys.find((passkey) => passkey.id === snapshot.context.chosen)?.name ?? '';
const nameField = (screen: Screen) => screen.getByLabelText('New name') as HTMLInputElement;
const successes = (screen: Screen) =>
  screen
    .queryAllByRole('status')
    .filter((s) => s.classList.contains('ui-alert'))
    .map((s) => s.textContent);
const errors = (screen: Screen) =>
  screen
    .queryAllByRole('alert')
    .filter((s) => s.classList.contains('ui-alert'))
    .map((s) => s.textContent);

function expectList(screen: Screen, snapshot: Snapshot) {
  const { passkeys } = snapshot.context;
  if (passkeys.length === 0) {
    expect(screen.getByText('You have no passkeys yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    return;
  }
  expect(screen.getAllByRole('listitem')).toHaveLength(passkeys.length);
  // Berlin: 23:30 UTC on the 15th is the 16th there (the viewer's calendar, ui/lists/formatDate.ts).
  const laptop = passkeys.find((passkey) => passkey.id === 7);
  if (laptop) {
    const card = cardOf(laptop.name);
    expect(within(card).getByText('Added 10/01/2026')).toBeTruthy();
    expect(within(card).getByText('Last used 16/01/2026')).toBeTruthy();
  }
  if (passkeys.some((passkey) => passkey.id === 8))
    expect(within(cardOf('Phone')).getByText('Not used yet')).toBeTruthy();
}

function expectListed(screen: Screen, snapshot: Snapshot) {
  expectList(screen, snapshot);
  for (const { name } of snapshot.context.passkeys) {
    expect(screen.getByRole('button', { name: `Rename “${name}”` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Remove “${name}”` })).toBeTruthy();
  }
  const { added, failure, webAuthn } = snapshot.context;
  expect(successes(screen)).toEqual(added ? [`The passkey “${added}” has been added.`] : []);
  expect(errors(screen)).toEqual(
    failure ? ['That did not work. Something went wrong. Please try again later.'] : [],
  );
  if (webAuthn) expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  else {
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByText(/This browser cannot make passkeys/)).toBeTruthy();
  }
}

function expectRenameForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  const card = cardOf(chosenName(snapshot));
  const field = within(card).getByLabelText('New name') as HTMLInputElement;
  expect(field.value).toBe(snapshot.context.name);
  expect(field.getAttribute('aria-invalid')).toBe(snapshot.context.fieldErrors.name ? 'true' : null);
  if (snapshot.context.fieldErrors.name)
    expect(screen.getByText('Must be at most 64 characters.')).toBeTruthy();
  expect(within(card).getByRole('button', { name: 'Save name' }).getAttribute('aria-busy')).toBe(
    busy ? 'true' : null,
  );
  expect(errors(screen)).toEqual(
    snapshot.context.error ? ['Too many requests. Please wait a moment and try again.'] : [],
  );
  expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
}

const screenOptions: ScreenOptions<typeof passkeysMachine> = {
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <HeadingsAt level={4}>
        <PasskeysPanel actorRef={actorRef} timeZone="Europe/Berlin" />
      </HeadingsAt>
    </I18nProvider>
  ),
  stateAssertions: {
    loading: (screen) => {
      expect(screen.getByRole('status').textContent).toBe('Loading your passkeys…');
      expect(screen.queryByRole('list')).toBeNull();
    },
    loadFailed: (screen) => {
      expect(screen.getByRole('alert').textContent).toContain('Your passkeys could not be loaded.');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    signedOut: (screen) => {
      expect(screen.getByRole('status').textContent).toBe(
        'You are signed out. Taking you to the login page…',
      );
      expect(screen.queryByRole('list')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    },
    listed: expectListed,
    adding: (screen, snapshot) => {
      expectList(screen, snapshot);
      expect(screen.getByRole('heading', { level: 5, name: 'Add a passkey' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    },
    renaming: (screen, snapshot) => expectRenameForm(screen, snapshot, false),
    savingName: (screen, snapshot) => expectRenameForm(screen, snapshot, true),
    confirmingRemoval: (screen, snapshot) => {
      const name = chosenName(snapshot);
      const ask = screen.getByRole('group', { name: `Remove “${name}”? It will no longer sign you in.` });
      expect(within(ask).getByRole('button', { name: 'Remove passkey' })).toBeTruthy();
      expect(within(ask).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    },
    removing: (_screen, snapshot) => {
      const card = cardOf(chosenName(snapshot));
      expect(within(card).getByRole('button', { name: 'Remove passkey' }).getAttribute('aria-busy')).toBe(
        'true',
      );
    },
  },
  eventDrivers: {
    'rename.open': async (_screen, user, event, actorRef) => {
      const { id } = event as unknown as { id: number };
      const name = actorRef.getSnapshot().context.passkeys.find((p) => p.id === id)?.name ?? '';
      await user.click(within(cardOf(name)).getByRole('button', { name: `Rename “${name}”` }));
    },
    'remove.open': async (_screen, user, event, actorRef) => {
      const { id } = event as unknown as { id: number };
      const name = actorRef.getSnapshot().context.passkeys.find((p) => p.id === id)?.name ?? '';
      await user.click(within(cardOf(name)).getByRole('button', { name: `Remove “${name}”` }));
    },
    'field.change': async (screen, user, event) => {
      const { value } = event as unknown as { value: string };
      await user.clear(nameField(screen));
      await user.type(nameField(screen), value);
    },
    'form.submit': (screen, user) => user.click(screen.getByRole('button', { name: 'Save name' })),
    'rename.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    'remove.confirm': (screen, user) => user.click(screen.getByRole('button', { name: 'Remove passkey' })),
    'remove.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    'add.open': (screen, user) => user.click(screen.getByRole('button', { name: 'Add a passkey' })),
    'add.close': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    retry: (screen, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
};

testModel(modelFor(passkeysMachine, passkeysSamples), { screen: screenOptions });

// A browser without WebAuthn: the list, no 'Add a passkey', a note instead (its own model, walked on the screen).
const withoutWebAuthn = modelFor(passkeysMachine, {
  ...passkeysSamples,
  input: { ...passkeysSamples.input, webAuthn: false },
});

describe('a browser without WebAuthn', () => {
  it('lists the passkeys and offers no adding, with a note why', async () => {
    // A path whose first answer lists two passkeys; every step of it is then asserted on the screen.
    const listed = withoutWebAuthn.paths().find((path) => {
      const first = path.steps[0]?.state as Snapshot | undefined;
      return first?.matches('listed') && first.context.passkeys.length === 2;
    });
    if (!listed) throw new Error('no path lists the passkeys');
    await runOnScreen(withoutWebAuthn, listed, screenOptions);
  });
});

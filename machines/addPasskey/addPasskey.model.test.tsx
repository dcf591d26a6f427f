import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { Heading, HeadingsAt } from '../../ui/components/headingLevel';
import { AddPasskeyPart } from '../../ui/me/security/AddPasskeyPart';
import { addPasskeyMachine } from './addPasskey.machine';
import { addPasskeySamples } from './addPasskey.samples';

// The step-up is machines/stepUp's own screen, tested with it; here a deferred fake stands in for the child, so its
// form gets a stand-in too: its heading and the Cancel the parent wires.
vi.mock('../../ui/me/security/StepUpForm', () => ({
  StepUpForm: ({ onCancel }: { onCancel?: () => void }) => (
    <section>
      <Heading>Confirm it's you</Heading>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  ),
}));

type Snapshot = SnapshotFrom<typeof addPasskeyMachine>;

const model = modelFor(addPasskeyMachine, addPasskeySamples);
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const onClose = vi.fn();

const nameField = (screen: Screen) => screen.getByLabelText('Name (optional)') as HTMLInputElement;
const submitButton = (screen: Screen) => screen.getByRole('button', { name: /^(Create passkey|Try again)$/ });
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const alerts = (screen: Screen) =>
  screen
    .queryAllByRole('alert')
    .filter((alert) => alert.classList.contains('ui-alert'))
    .map((alert) => alert.textContent);

function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  expect(screen.getByRole('heading', { level: 5, name: 'Add a passkey' })).toBeTruthy();
  expect(nameField(screen).value).toBe(snapshot.context.name);
  expect(nameField(screen).getAttribute('autocomplete')).toBe('off');
  expect(nameField(screen).getAttribute('aria-invalid')).toBe(
    snapshot.context.fieldErrors.name ? 'true' : null,
  );
  if (snapshot.context.fieldErrors.name === 'string.max')
    expect(descriptionOf(nameField(screen))).toContain('64');
  expect(submitButton(screen).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
}

const refusedWith = (text: string) => (screen: Screen, snapshot: Snapshot) => {
  expectForm(screen, snapshot, false);
  expect(alerts(screen)).toEqual([text]);
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
};

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={5}>
          <AddPasskeyPart actorRef={actorRef} onClose={onClose} />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      editing: (screen, snapshot) => {
        expectForm(screen, snapshot, false);
        expect(alerts(screen)).toEqual([]);
        expect(screen.getByRole('button', { name: 'Create passkey' })).toBeTruthy();
      },
      gettingOptions: (screen, snapshot) => expectForm(screen, snapshot, true),
      steppingUp: (screen) => {
        expect(screen.getByRole('heading', { level: 6, name: "Confirm it's you" })).toBeTruthy();
        expect(screen.queryByLabelText('Name (optional)')).toBeNull();
      },
      askingBrowser: (screen, snapshot) => {
        expectForm(screen, snapshot, true);
        expect(screen.getByRole('status').textContent).toBe(
          "Follow your browser's instructions to make the passkey…",
        );
      },
      verifying: (screen, snapshot) => {
        expectForm(screen, snapshot, true);
        expect(screen.getByRole('status').textContent).toBe('Checking the new passkey…');
      },
      'refused.cancelled': refusedWith('No passkey was added: the request was cancelled. You can try again.'),
      'refused.timedOut': refusedWith('The passkey request timed out. Please try again.'),
      'refused.notSupported': refusedWith('This browser or device cannot make a passkey here.'),
      'refused.alreadyRegistered': (screen, snapshot) =>
        refusedWith(
          snapshot.context.error
            ? 'This passkey is already registered to your account.'
            : 'This device already holds a passkey for your account.',
        )(screen, snapshot),
      'refused.invalid': (screen, snapshot) => {
        const texts: Record<string, string> = {
          rate_limited_error: 'Too many requests. Please wait a moment and try again.',
          passkey_invalid_error: 'This passkey could not be checked. Please try again.',
        };
        const code = snapshot.context.error?.code;
        refusedWith(code ? (texts[code] ?? code) : 'The passkey could not be added. Please try again.')(
          screen,
          snapshot,
        );
      },
      // Final: the parent reads the list again and no longer shows this form (machines/passkeys).
      done: () => {},
    },
    eventDrivers: {
      'field.change': async (screen, user, event) => {
        const { value } = event as unknown as { value: string };
        await user.clear(nameField(screen));
        await user.type(nameField(screen), value);
      },
      'form.submit': (screen, user) => user.click(submitButton(screen)),
      'stepUp.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    },
  },
});

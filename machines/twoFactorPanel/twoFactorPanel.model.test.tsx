import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type FormEvent, useState } from 'react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { HeadingsAt } from '../../ui/components/headingLevel';
import { TwoFactorPanel } from '../../ui/me/TwoFactorPanel';
import type { CodeSubmit } from '../../ui/twoFactor/CodeStep';
import { twoFactorPanelMachine } from './twoFactorPanel.machine';
import { NEW_CODES, twoFactorPanelSamples } from './twoFactorPanel.samples';

// The setup steps are the twoFactorSetup machine's own screen, tested with it (and with this panel in
// ui/me/TwoFactorPanel.test.tsx); here a deferred fake stands in for the child, so its view gets a stand-in too:
// a code field and the panel's Setup button, wired as the real view wires it.
vi.mock('../../ui/twoFactor/TwoFactorSetupView', () => ({
  TwoFactorSetupView: ({ codeSubmit }: { codeSubmit: CodeSubmit }) => {
    const [code, setCode] = useState('');
    const submit = (event: FormEvent) => {
      event.preventDefault();
      codeSubmit.onSubmit(code);
    };
    return (
      <form onSubmit={submit}>
        <label>
          Setup code
          <input value={code} onChange={(event) => setCode(event.target.value)} />
        </label>
        <button type="submit">{codeSubmit.label}</button>
      </form>
    );
  },
}));

type Snapshot = SnapshotFrom<typeof twoFactorPanelMachine>;

const downloadText = vi.fn();
const printCodes = vi.fn();

const model = modelFor(twoFactorPanelMachine, {
  ...twoFactorPanelSamples,
  implementations: {
    actions: {
      downloadText: (_: unknown, params: unknown) => downloadText(params),
      printCodes: (_: unknown, params: unknown) => printCodes(params),
    },
  },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const SETUP_BUTTON = (enabled: boolean) => (enabled ? 'Resetup GA' : 'Turn on two-factor authentication');
const setupButton = (screen: Screen, snapshot: Snapshot) =>
  screen.getByRole('button', { name: SETUP_BUTTON(snapshot.context.twoFactorEnabled) });
const codeField = (screen: Screen) => screen.getByLabelText('Code from the app') as HTMLInputElement;
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const dialog = (screen: Screen) => screen.queryByRole('dialog', { name: "Hope you know what you're doing?" });
/** The summary's sentence on whether two-factor is on. */
const expectOnOff = (screen: Screen, snapshot: Snapshot) => {
  const on = screen.queryByText(/Two-factor authentication is on/);
  const off = screen.queryByText(/Two-factor authentication is off/);
  expect([Boolean(on), Boolean(off)]).toEqual([
    snapshot.context.twoFactorEnabled,
    !snapshot.context.twoFactorEnabled,
  ]);
};
const expectTitle = (title: string) => expect(document.title).toBe(`${title} - Account`);

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={4}>
          <TwoFactorPanel actorRef={actorRef} />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      off: (screen, snapshot) => {
        expectOnOff(screen, snapshot);
        expect(setupButton(screen, snapshot).getAttribute('aria-busy')).toBeNull();
        expect(screen.queryByText(/recovery codes? left/)).toBeNull();
        expect(screen.queryByRole('button', { name: 'New recovery codes' })).toBeNull();
        expectTitle('Your account');
      },
      counting: (screen) => {
        expect(screen.getByText('Counting your recovery codes…')).toBeTruthy();
        expect(screen.queryByRole('button', { name: /Resetup GA|Turn on/ })).toBeNull();
      },
      countFailed: (screen, snapshot) => {
        expectOnOff(screen, snapshot);
        expect(screen.getByText(/How many recovery codes you have left could not be read/)).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        expect(setupButton(screen, snapshot)).toBeTruthy();
      },
      on: (screen, snapshot) => {
        expectOnOff(screen, snapshot);
        const { remaining } = snapshot.context;
        expect(
          screen.getByText(`You have ${remaining} recovery code${remaining === 1 ? '' : 's'} left.`),
        ).toBeTruthy();
        // Two or fewer: the warning.
        expect(Boolean(screen.queryByText(/Only a few recovery codes are left/))).toBe(
          (remaining ?? 99) <= 2,
        );
        expect(setupButton(screen, snapshot).textContent).toBe('Resetup GA');
        expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeTruthy();
        expectTitle('Your account');
      },
      fetchingSecret: (screen, snapshot) => {
        expect(setupButton(screen, snapshot).getAttribute('aria-busy')).toBe('true');
      },
      secretFailed: (screen) => {
        expect(screen.getByRole('alert').textContent).toBe(
          'Too many requests. Please wait a moment and try again.',
        );
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
      },
      'settingUp.steps': (screen) => {
        expect(screen.getByLabelText('Setup code')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Setup' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
        expect(dialog(screen)).toBeNull();
        expectTitle('Set up two-factor authentication');
      },
      'settingUp.confirming': (screen) => {
        const asked = dialog(screen);
        expect(asked).toBeTruthy();
        // The dialog has the focus (its title), so keyboard users are inside it.
        expect(asked?.contains(document.activeElement)).toBe(true);
        expect(screen.getByRole('button', { name: 'Yes, set up' })).toBeTruthy();
      },
      'regenerating.editing': (screen, snapshot) => {
        expect(screen.getByRole('heading', { name: 'New recovery codes' })).toBeTruthy();
        const field = codeField(screen);
        expect(field.value).toBe(snapshot.context.regenerateCode);
        expect(field.getAttribute('autocomplete')).toBe('one-time-code');
        expect(field.getAttribute('inputmode')).toBe('numeric');
        if (snapshot.context.error) expect(descriptionOf(field)).toContain('Please enter valid code');
        else expect(field.getAttribute('aria-invalid')).toBeNull();
        const submit = screen.getByRole('button', { name: 'Make new codes' }) as HTMLButtonElement;
        expect(submit.disabled).toBe(snapshot.context.regenerateCode.length !== 6);
        expectTitle('New recovery codes');
      },
      'regenerating.submitting': (screen) => {
        expect(screen.getByRole('button', { name: 'Make new codes' }).getAttribute('aria-busy')).toBe('true');
        expect(codeField(screen).readOnly).toBe(true);
      },
      showingNewCodes: (screen) => {
        expect(screen.getByRole('heading', { name: 'Your new recovery codes' })).toBeTruthy();
        expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(NEW_CODES);
        expectTitle('Your new recovery codes');
      },
    },
    eventDrivers: {
      'setup.open': (screen, user, _event, actorRef) => {
        const snapshot = actorRef.getSnapshot() as Snapshot;
        if (snapshot.matches('secretFailed'))
          return user.click(screen.getByRole('button', { name: 'Try again' }));
        return user.click(setupButton(screen, snapshot));
      },
      'setup.submit': async (screen, user, event) => {
        const { code } = event as { type: 'setup.submit'; code: string };
        const field = screen.getByLabelText('Setup code');
        await user.clear(field);
        await user.type(field, code);
        await user.click(screen.getByRole('button', { name: 'Setup' }));
      },
      'confirm.accept': (screen, user) => user.click(screen.getByRole('button', { name: 'Yes, set up' })),
      // The keyboard way out of the dialog.
      'confirm.cancel': (_screen, user) => user.keyboard('{Escape}'),
      'panel.close': (screen, user, _event, actorRef) => {
        const snapshot = actorRef.getSnapshot() as Snapshot;
        const name = snapshot.matches('regenerating')
          ? 'Cancel'
          : snapshot.matches('showingNewCodes')
            ? 'Done'
            : 'Close';
        return user.click(screen.getByRole('button', { name }));
      },
      'count.retry': (screen, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
      'regenerate.open': (screen, user) =>
        user.click(screen.getByRole('button', { name: 'New recovery codes' })),
      'regenerate.change': async (screen, user, event) => {
        const { value } = event as { type: 'regenerate.change'; value: string };
        const field = codeField(screen);
        await user.clear(field);
        await user.type(field, value);
      },
      'regenerate.submit': (screen, user) =>
        user.click(screen.getByRole('button', { name: 'Make new codes' })),
      'recovery.download': async (screen, user) => {
        downloadText.mockClear();
        await user.click(screen.getByRole('button', { name: 'Download as .txt' }));
        expect(downloadText).toHaveBeenCalledWith({
          filename: 'recovery-codes.txt',
          text: `${NEW_CODES.join('\n')}\n`,
          account: 'ada@example.com',
        });
      },
      'recovery.print': async (screen, user) => {
        printCodes.mockClear();
        await user.click(screen.getByRole('button', { name: 'Print' }));
        expect(printCodes).toHaveBeenCalledWith({ codes: NEW_CODES });
      },
    },
  },
});

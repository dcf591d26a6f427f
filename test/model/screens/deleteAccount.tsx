/**
 * What the deletion part of /me (ui/me/security/DeleteAccountPart.tsx) shows in each state of the account deletion
 * and how a user makes its events: the machine's own model test (with a stand-in for 'Confirm it's you') and the
 * composition with the real step-up (test/model/compositions) drive it with the same assertions and drivers.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { deleteAccountMachine } from '../../../machines/deleteAccount/deleteAccount.machine';
import { HeadingsAt } from '../../../ui/components/headingLevel';
import { DeleteAccountPart } from '../../../ui/me/security/DeleteAccountPart';
import type { Screen, ScreenOptions } from '../runOnScreen';

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

type Snapshot = SnapshotFrom<typeof deleteAccountMachine>;

const field = (screen: Screen) =>
  screen.getByLabelText('Type your e-mail address (ada@example.com) to confirm') as HTMLInputElement;
const deleteButton = (screen: Screen) => screen.getByRole('button', { name: 'Delete my account' });

/** The explaining panel, the typed e-mail, the button enabled only when it matches (and why not). */
function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  expect(screen.getByRole('heading', { level: 4, name: 'Delete account' })).toBeTruthy();
  expect(screen.getByText(/Channels where you are the only member are deleted with it/)).toBeTruthy();
  expect(field(screen).value).toBe(snapshot.context.confirmation);
  const matches = snapshot.context.confirmation.toLowerCase() === 'ada@example.com';
  const button = deleteButton(screen);
  expect(button.getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  if (!busy) {
    expect((button as HTMLButtonElement).disabled).toBe(!matches);
    const reason = screen.queryByText(
      /The button is enabled once the e-mail address you typed is your account's/,
    );
    expect(Boolean(reason)).toBe(!matches);
  }
  const alerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  const error = snapshot.context.error;
  expect(alerts.map((alert) => alert.textContent)).toEqual(
    error?.code === 'rate_limited_error'
      ? ['Too many requests. Please wait a moment and try again.']
      : error?.code === 'account_sole_admin_error'
        ? ['You are the only admin of some channels or organisations. Make someone else an admin first.']
        : [],
  );
}

/** The part's screen; `accountDeleted` is the spy the test provides as the machine's effect of that name. */
export const deleteAccountScreen = (
  accountDeleted: () => void,
): ScreenOptions<typeof deleteAccountMachine> => ({
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <HeadingsAt level={4}>
        <DeleteAccountPart actorRef={actorRef} />
      </HeadingsAt>
    </I18nProvider>
  ),
  stateAssertions: {
    idle: (screen) => {
      expect(screen.getByRole('button', { name: 'Delete account…' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    },
    confirming: (screen, snapshot) => expectForm(screen, snapshot, false),
    deleting: (screen, snapshot) => expectForm(screen, snapshot, true),
    steppingUp: (screen) => {
      expect(screen.getByRole('heading', { level: 5, name: "Confirm it's you" })).toBeTruthy();
    },
    soleAdmin: (screen, snapshot) => {
      expectForm(screen, snapshot, false);
      const items = screen.getAllByRole('listitem').map((item) => item.textContent);
      expect(items).toEqual(['Channel Poetry club', 'Organisation Lit Inc']);
    },
    deleted: (screen) => {
      expect(screen.getByRole('heading', { level: 4, name: 'Your account has been deleted' })).toBeTruthy();
      expect(accountDeleted).toHaveBeenCalled();
    },
  },
  eventDrivers: {
    'panel.open': (screen, user) => user.click(screen.getByRole('button', { name: 'Delete account…' })),
    'panel.close': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    'field.change': async (screen, user, event) => {
      const { value } = event as unknown as { value: string };
      await user.clear(field(screen));
      await user.type(field(screen), value);
    },
    'form.submit': (screen, user) => user.click(deleteButton(screen)),
    'stepUp.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
});

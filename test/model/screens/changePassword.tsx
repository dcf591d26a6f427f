/**
 * What the password part of /me (ui/me/security/ChangePasswordPart.tsx) shows in each state of the password change
 * and how a user makes its events: the machine's own model test (with a stand-in for 'Confirm it's you') and the
 * composition with the real step-up (test/model/compositions) drive it with the same assertions and drivers.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from '../../../machines/changePassword/changePassword.machine';
import { HeadingsAt } from '../../../ui/components/headingLevel';
import { ChangePasswordPart } from '../../../ui/me/security/ChangePasswordPart';
import type { Screen, ScreenOptions } from '../runOnScreen';

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

type Snapshot = SnapshotFrom<typeof changePasswordMachine>;

const newPassword = (screen: Screen) => screen.getByLabelText('New password') as HTMLInputElement;
const confirmation = (screen: Screen) => screen.getByLabelText('New password again') as HTMLInputElement;
const save = (screen: Screen) => screen.getByRole('button', { name: 'Save password' });
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  const { fieldErrors, error } = snapshot.context;
  expect(screen.getByRole('heading', { level: 4, name: 'Change password' })).toBeTruthy();
  expect(newPassword(screen).value).toBe(snapshot.context.newPassword);
  expect(newPassword(screen).getAttribute('autocomplete')).toBe('new-password');
  expect(confirmation(screen).value).toBe(snapshot.context.confirmation);
  expect(newPassword(screen).getAttribute('aria-invalid')).toBe(fieldErrors.newPassword ? 'true' : null);
  expect(confirmation(screen).getAttribute('aria-invalid')).toBe(fieldErrors.confirmation ? 'true' : null);
  if (fieldErrors.confirmation === 'any.only')
    expect(descriptionOf(confirmation(screen))).toContain('The values do not match.');
  if (fieldErrors.newPassword === 'any.required')
    expect(descriptionOf(newPassword(screen))).toContain('This field is required.');
  // The strength bar appears with the first character (spec 5), as at sign-up.
  if (snapshot.context.newPassword) expect(screen.getByRole('meter')).toBeTruthy();
  const alerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  expect(alerts.map((alert) => alert.textContent)).toEqual(
    error ? ['Too many requests. Please wait a moment and try again.'] : [],
  );
  expect(save(screen).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
}

export const changePasswordScreen: ScreenOptions<typeof changePasswordMachine> = {
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <HeadingsAt level={4}>
        <ChangePasswordPart actorRef={actorRef} />
      </HeadingsAt>
    </I18nProvider>
  ),
  stateAssertions: {
    idle: (screen) => {
      expect(screen.getByRole('heading', { level: 4, name: 'Password' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
      expect(screen.queryByLabelText('New password')).toBeNull();
    },
    editing: (screen, snapshot) => expectForm(screen, snapshot, false),
    saving: (screen, snapshot) => expectForm(screen, snapshot, true),
    steppingUp: (screen) => {
      expect(screen.getByRole('heading', { level: 5, name: "Confirm it's you" })).toBeTruthy();
      expect(screen.queryByLabelText('New password')).toBeNull();
    },
    done: (screen) => {
      const heading = screen.getByRole('heading', { level: 4, name: 'Your password has been changed' });
      expect(document.activeElement).toBe(heading);
      expect(screen.getByText(/Every other place you were signed in has been signed out/)).toBeTruthy();
      expect(screen.getByText(/We sent a notice/)).toBeTruthy();
    },
  },
  eventDrivers: {
    'panel.open': (screen, user) => user.click(screen.getByRole('button', { name: 'Change password' })),
    'panel.close': (screen, user) => user.click(screen.getByRole('button', { name: /^(Cancel|Done)$/ })),
    'field.change': async (screen, user, event) => {
      const { field, value } = event as unknown as { field: string; value: string };
      const input = field === 'newPassword' ? newPassword(screen) : confirmation(screen);
      await user.clear(input);
      await user.type(input, value);
    },
    'form.submit': (screen, user) => user.click(save(screen)),
    'stepUp.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
};

import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type Model,
  modelFor,
  runOnMachine,
  runOnScreen,
  type ScreenOptions,
  testModel,
} from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { SetPasswordView } from '../../ui/password/SetPasswordView';
import { setPasswordMachine } from './setPassword.machine';
import { setPasswordSamples } from './setPassword.samples';

// The review is machines/recoveryReview's own screen, tested with it; here a deferred fake stands in for the child,
// so its view gets a stand-in too.
vi.mock('../../ui/recovery/RecoveryReviewView', () => ({
  RecoveryReviewView: () => <h1>Check the ways into your account</h1>,
}));

type Snapshot = SnapshotFrom<typeof setPasswordMachine>;

const model = modelFor(setPasswordMachine, setPasswordSamples);
/**
 * spec 4: an empty token is invalid before any call. One input per model, so this second model walks the
 * empty-token start and counts it on the first model's coverage (one machine, one record).
 */
const emptyTokenModel: Model<typeof setPasswordMachine> = {
  ...modelFor(setPasswordMachine, { ...setPasswordSamples, input: { token: '' } }),
  coverage: model.coverage,
};

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const passwordInput = (screen: Screen) => screen.getByLabelText('New password') as HTMLInputElement;
const submitButton = (screen: Screen) => screen.getByRole('button', { name: 'Save password' });
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** spec 2 Set new password: the field (strength bar, visibility toggle), its errors, the busy submit. */
function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
  const input = passwordInput(screen);
  expect(input.getAttribute('autocomplete')).toBe('new-password');
  expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  expect(submitButton(screen).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  const { fieldErrors, error } = snapshot.context;
  expect(input.getAttribute('aria-invalid')).toBe(fieldErrors.newPassword ? 'true' : null);
  if (fieldErrors.newPassword === 'string.min')
    expect(description(input)).toContain('Must be at least 6 characters.');
  const formAlerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  expect(formAlerts.map((alert) => alert.textContent)).toEqual(
    error ? ['Something went wrong. Please try again later.'] : [],
  );
}

const screenOptions: ScreenOptions<typeof setPasswordMachine> = {
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <SetPasswordView
        actorRef={actorRef}
        renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
      />
    </I18nProvider>
  ),
  stateAssertions: {
    checkingToken: (screen) => {
      expect(screen.getByRole('status').textContent).toContain('Checking your link…');
      expect(screen.queryByLabelText('New password')).toBeNull();
    },
    editing: (screen, snapshot) => {
      expectForm(screen, snapshot, false);
      if (
        !snapshot.context.fieldErrors.newPassword &&
        !snapshot.context.error &&
        !snapshot.context.newPassword
      )
        expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
      if (snapshot.context.newPassword)
        // The strength bar appears with the first character (spec 5).
        expect(screen.getByRole('meter')).toBeTruthy();
    },
    submitting: (screen, snapshot) => expectForm(screen, snapshot, true),
    reviewing: (screen) => {
      // docs/decisions/security.md: Recovery review: after the new password, before 'log in'.
      expect(
        screen.getByRole('heading', { level: 1, name: 'Check the ways into your account' }),
      ).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
      expect(screen.queryByLabelText('New password')).toBeNull();
    },
    succeeded: (screen, snapshot) => {
      const heading = screen.getByRole('heading', { level: 1, name: 'Your password has been changed' });
      expect(document.activeElement).toBe(heading);
      const ranOut = screen.queryByText(
        'The time to review the ways into your account has run out. Log in to see them on your account page.',
      );
      expect(ranOut !== null).toBe(snapshot.context.reviewExpired);
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    },
    invalidToken: (screen) => {
      const heading = screen.getByRole('heading', { level: 1, name: 'This link is no longer valid' });
      expect(document.activeElement).toBe(heading);
      expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
        '/forgotPassword',
      );
      expect(screen.queryByLabelText('New password')).toBeNull();
    },
  },
  eventDrivers: {
    'field.change': async (screen, user, event) => {
      const input = passwordInput(screen);
      await user.clear(input);
      await user.type(input, (event as unknown as { value: string }).value);
    },
    'form.submit': (screen, user) => user.click(submitButton(screen)),
  },
};

describe('model of setPassword with an empty token (spec 4: invalid before any call)', () => {
  for (const path of emptyTokenModel.paths()) {
    it(`machine: ${path.description}`, async () => {
      const run = await runOnMachine(emptyTokenModel, path);
      expect(run.calls).toEqual([]);
    });
    it(`screen: ${path.description}`, () => runOnScreen(emptyTokenModel, path, screenOptions));
  }
});

testModel(model, { screen: screenOptions });

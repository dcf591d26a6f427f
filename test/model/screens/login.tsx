/**
 * What the log-in (ui/login/LoginView.tsx) shows in each state and how a user makes its events: the log-in's own
 * model test (with a stand-in for the setup's view) and the composition with the real two-factor setup
 * (test/model/compositions) drive it with the same assertions and drivers.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect, type Mock } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../../../api/contract/errorCodes';
import type { loginMachine } from '../../../machines/login/login.machine';
import { FORM_FIELDS } from '../../../machines/login/login.rules';
import type { LoginField, LoginFormName } from '../../../machines/login/login.types';
import { LoginView } from '../../../ui/login/LoginView';
import { type Screen, type ScreenOptions, typingInto } from '../runOnScreen';

type Snapshot = SnapshotFrom<typeof loginMachine>;

const LABELS: Record<LoginField, string> = {
  email: 'E-mail',
  password: 'Password',
  otpCode: 'Authentication code',
  recoveryOtpCode: 'Recovery code',
};

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const submitButton = (screen: Screen) => screen.getByRole('button', { name: 'Log in' });
const input = (screen: Screen, field: LoginField) => screen.getByLabelText(LABELS[field]) as HTMLInputElement;
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/**
 * spec 8: the text of each refusal the paths produce (the clock drift with the sample's 5 minutes) and the field
 * it belongs under; none: a form error.
 */
const REFUSALS: Partial<Record<ErrorCode, { text: string; field?: LoginField }>> = {
  unknown_credential_error: { text: 'The e-mail or password is not correct.', field: 'password' },
  auth_otp_clock_drift_error: {
    text: "Your device's clock is off by about 5 minutes. Turn on automatic date and time in your device settings, then try a new code.",
    field: 'otpCode',
  },
  used_auth_recovery_otp_code_error: {
    text: 'This recovery code has already been used. Please use another one.',
    field: 'recoveryOtpCode',
  },
  rate_limited_error: { text: 'Too many requests. Please wait a moment and try again.' },
  unknown_server_error: { text: 'Something went wrong. Please try again later.' },
};

/** spec 5 and 8: each validation code and refusal of the snapshot shown where it belongs, and nothing else. */
function expectErrorsShown(screen: Screen, snapshot: Snapshot, form: LoginFormName) {
  const { fieldErrors, error } = snapshot.context;
  const refusal = error ? REFUSALS[error.code] : undefined;
  if (error) expect(refusal, `a text for ${error.code}`).toBeDefined();
  for (const field of FORM_FIELDS[form]) {
    const element = input(screen, field);
    const invalid = fieldErrors[field] !== undefined || (refusal !== undefined && refusal.field === field);
    expect(element.getAttribute('aria-invalid'), field).toBe(invalid ? 'true' : null);
    if (fieldErrors[field] === 'any.required')
      expect(description(element)).toContain('This field is required.');
    if (refusal?.field === field) expect(description(element)).toContain(refusal.text);
  }
  const formAlerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  if (refusal && refusal.field === undefined)
    expect(formAlerts.map((alert) => alert.textContent)).toEqual([refusal.text]);
  else expect(formAlerts).toEqual([]);
}

/** docs/decisions/security.md: Remember this device: the box on the code forms shows the machine's value. */
const rememberBox = (screen: Screen) =>
  screen.getByRole('checkbox', { name: 'Remember this device for 30 days' }) as HTMLInputElement;
const expectRememberBox = (screen: Screen, snapshot: Snapshot) =>
  expect(rememberBox(screen).checked).toBe(snapshot.context.rememberDevice);

function expectSubmit(screen: Screen, busy: boolean) {
  expect(submitButton(screen).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  expect(submitButton(screen).getAttribute('aria-disabled')).toBe(busy ? 'true' : null);
}

/**
 * The log-in's screen; `redirect` is the spy the test provides as the machine's redirect. While it sets two-factor
 * up it checks the log-in's own part (no login form, Back to login): the setup's view is the child's to assert.
 */
export const loginScreen = (redirect: Mock): ScreenOptions<typeof loginMachine> => ({
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <LoginView
        actorRef={actorRef}
        renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
        contactEmail="help@example.test"
      />
    </I18nProvider>
  ),
  stateAssertions: {
    editingPassword: (screen, snapshot) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
      expect(input(screen, 'email').getAttribute('type')).toBe('email');
      // The e-mail field also offers this site's passkeys in the browser's autofill (docs/decisions/security.md: Passkeys).
      expect(input(screen, 'email').getAttribute('autocomplete')).toBe('username webauthn');
      expect(input(screen, 'password').getAttribute('autocomplete')).toBe('current-password');
      expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
        '/forgotPassword',
      );
      expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
      expect(screen.getByRole('link', { name: 'Sign up with your company ID' }).getAttribute('href')).toBe(
        '/start',
      );
      expectSubmit(screen, false);
      expectErrorsShown(screen, snapshot, 'password');
      if (snapshot.context.error?.field === 'password')
        expect(document.activeElement).toBe(input(screen, 'password'));
    },
    submittingPassword: (screen) => {
      expect(input(screen, 'email')).toBeTruthy();
      expectSubmit(screen, true);
    },
    enteringCode: (screen, snapshot) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeTruthy();
      const code = input(screen, 'otpCode');
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(code.getAttribute('inputmode')).toBe('numeric');
      // Arrived by a form change, a refusal under the field or the user's own typing: the code field has focus
      // (or the box, when the user just toggled it).
      expect([code, rememberBox(screen)]).toContain(document.activeElement);
      expect(screen.getByRole('button', { name: "I don't have my authenticator device" })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Back to login' })).toBeTruthy();
      // The account being logged into, with a way to another one.
      expect(screen.getByText(`Logging in as ${snapshot.context.email}.`)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Not you?' })).toBeTruthy();
      expectSubmit(screen, false);
      expectErrorsShown(screen, snapshot, 'code');
      expectRememberBox(screen, snapshot);
    },
    submittingCode: (screen, snapshot) => {
      expect(input(screen, 'otpCode')).toBeTruthy();
      expectRememberBox(screen, snapshot);
      expectSubmit(screen, true);
    },
    enteringRecoveryCode: (screen, snapshot) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Use a recovery code' })).toBeTruthy();
      const code = input(screen, 'recoveryOtpCode');
      expect(code.getAttribute('inputmode')).toBe('text');
      expect(code.getAttribute('maxlength')).toBe('6');
      // A form error leaves the focus on the submit button the user pressed; anything else puts it here.
      const formError = snapshot.context.error !== undefined && snapshot.context.error.field === undefined;
      if (!formError) expect([code, rememberBox(screen)]).toContain(document.activeElement);
      expect(
        screen.getByRole('button', { name: 'I have no recovery code' }).getAttribute('aria-expanded'),
      ).toBe('false');
      expect(screen.getByRole('button', { name: 'Back to login' })).toBeTruthy();
      expectSubmit(screen, false);
      expectErrorsShown(screen, snapshot, 'recovery');
      expectRememberBox(screen, snapshot);
    },
    submittingRecoveryCode: (screen) => {
      expect(input(screen, 'recoveryOtpCode')).toBeTruthy();
      expectSubmit(screen, true);
    },
    settingUpTwoFactor: (screen, snapshot) => {
      // Back to login while the setup is on its steps; once it shows the recovery codes going back would only
      // hide them (a stand-in child, a promise, counts as on its steps).
      const setup = snapshot.children.twoFactorSetup?.getSnapshot();
      const pastSteps = setup !== undefined && 'matches' in setup && !setup.matches('settingUp');
      expect(screen.queryByRole('button', { name: 'Back to login' }) === null).toBe(pastSteps);
      expect(screen.queryByLabelText('Password')).toBeNull();
      // The setup is the page: no 'Log in' heading above its own.
      expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
    },
    redirecting: (screen, snapshot) => {
      expect(screen.getByRole('status').textContent).toContain('Logging you in…');
      expect(redirect).toHaveBeenLastCalledWith({ redirectUrl: snapshot.context.redirectUrl });
    },
  },
  eventDrivers: {
    'field.change': typingInto(input),
    'form.submit': (screen, user) => user.click(submitButton(screen)),
    // The keyboard's way: the box is reached by Tab and toggled by Space.
    'remember.change': async (screen, user, event) => {
      const { checked } = event as unknown as { checked: boolean };
      const box = rememberBox(screen);
      if (box.checked === checked) return;
      box.focus();
      await user.keyboard(' ');
    },
    'recovery.choose': (screen, user) =>
      user.click(screen.getByRole('button', { name: "I don't have my authenticator device" })),
    back: (screen, user) =>
      user.click(screen.getByRole('button', { name: 'Use a code from my authenticator app' })),
    reset: (screen, user) => user.click(screen.getByRole('button', { name: 'Back to login' })),
    'account.change': (screen, user) => user.click(screen.getByRole('button', { name: 'Not you?' })),
  },
});

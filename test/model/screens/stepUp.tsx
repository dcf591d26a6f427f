/**
 * What 'Confirm it's you' (ui/me/security/StepUpForm.tsx) shows in each state of the step-up and how a user makes its
 * events: the step-up's own model test and the compositions that run it inside a /me part (test/model/compositions)
 * drive it with the same assertions and drivers.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { HeadingsAt } from '../../../ui/components/headingLevel';
import { StepUpForm } from '../../../ui/me/security/StepUpForm';
import type { Screen, ScreenOptions } from '../runOnScreen';

type Snapshot = SnapshotFrom<typeof stepUpMachine>;

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const TEXTS: Record<string, string> = {
  unknown_credential_error: 'The e-mail or password is not correct.',
  unknown_auth_otp_code_error: 'Please enter valid code',
  account_locked_error:
    'Too many failed attempts. Your account is locked for a while; please try again later.',
  rate_limited_error: 'Too many requests. Please wait a moment and try again.',
  unknown_server_error: 'Something went wrong. Please try again later.',
  auth_otp_code_is_required_error: 'Please enter the code from your authenticator app.',
};

const passwordField = (screen: Screen) => screen.queryByLabelText('Password') as HTMLInputElement | null;
const codeField = (screen: Screen) =>
  screen.queryByLabelText('Authentication code') as HTMLInputElement | null;
const submitButton = (screen: Screen) => screen.getByRole('button', { name: /^(Confirm|Try again)$/ });
const passkeyButton = (screen: Screen) => screen.queryByRole('button', { name: 'Use a passkey' });
const PASSKEY_TEXTS = {
  cancelled: 'The passkey was not used. Try again, or confirm with what you typed.',
  invalid: "This passkey could not confirm it's you. Try again, or confirm with what you typed.",
};
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/**
 * The step-up's screen, its heading at `headingLevel` (3 on its own, 5 inside a /me method's form: ui/me/README.md,
 * One outline).
 */
export function stepUpScreen(headingLevel: 3 | 4 | 5 | 6 = 3): ScreenOptions<typeof stepUpMachine> {
  /**
   * 'Confirm it's you' with the field the method asks for, what was typed, its error, the busy button; 'Use a
   * passkey' only when offered, busy while the passkey is used.
   */
  function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean, passkeyBusy = false) {
    const { method, password, otpCode, fieldErrors, error, passkeyOffered, passkeyRefusal } =
      snapshot.context;
    expect(screen.getByRole('heading', { level: headingLevel, name: "Confirm it's you" })).toBeTruthy();
    const field = method === 'password' ? passwordField(screen) : codeField(screen);
    const other = method === 'password' ? codeField(screen) : passwordField(screen);
    if (!field) throw new Error(`no ${method} field`);
    expect(other).toBeNull();
    if (method === 'password') {
      expect(field.getAttribute('autocomplete')).toBe('current-password');
      expect(field.value).toBe(password);
    } else {
      expect(field.getAttribute('autocomplete')).toBe('one-time-code');
      expect(field.getAttribute('inputmode')).toBe('numeric');
      expect(field.value).toBe(otpCode);
    }
    const underField = fieldErrors[method] ?? (error?.field === method ? error.code : undefined);
    expect(field.getAttribute('aria-invalid')).toBe(underField ? 'true' : null);
    if (fieldErrors[method] === 'any.required') expect(descriptionOf(field)).toContain('required');
    if (error?.field === method && error.code !== 'auth_otp_clock_drift_error')
      expect(descriptionOf(field)).toContain(TEXTS[error.code]);
    if (error?.code === 'auth_otp_clock_drift_error') expect(descriptionOf(field)).toMatch(/clock/i);
    const formAlerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
    expect(formAlerts.map((alert) => alert.textContent)).toEqual([
      ...(error && error.field === undefined ? [TEXTS[error.code]] : []),
      ...(passkeyRefusal ? [PASSKEY_TEXTS[passkeyRefusal]] : []),
    ]);
    expect(submitButton(screen).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
    const passkey = passkeyButton(screen);
    expect(passkey !== null).toBe(passkeyOffered);
    expect(passkey?.getAttribute('aria-busy') ?? null).toBe(passkeyBusy ? 'true' : null);
  }

  /** The form before the list said whether a passkey is offered, and after: the same form. */
  const expectFreshForm = (screen: Screen, snapshot: Snapshot) => {
    expectForm(screen, snapshot, false);
    expect(submitButton(screen).textContent).toBe('Confirm');
    const { password, otpCode, error, fieldErrors } = snapshot.context;
    if (!password && !otpCode && !error && Object.keys(fieldErrors).length === 0)
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: headingLevel }));
  };

  return {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={headingLevel}>
          <StepUpForm actorRef={actorRef} />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      checking: expectFreshForm,
      editing: expectFreshForm,
      'usingPasskey.askingBrowser': (screen, snapshot) => expectForm(screen, snapshot, false, true),
      'usingPasskey.verifying': (screen, snapshot) => expectForm(screen, snapshot, false, true),
      'refused.passkeyCancelled': (screen, snapshot) => expectForm(screen, snapshot, false),
      'refused.passkeyInvalid': (screen, snapshot) => expectForm(screen, snapshot, false),
      submitting: (screen, snapshot) => expectForm(screen, snapshot, true),
      'refused.wrongProof': (screen, snapshot) => {
        expectForm(screen, snapshot, false);
        // The refused field takes the focus, so the message is read where it is.
        expect(document.activeElement).toBe(
          snapshot.context.method === 'password' ? passwordField(screen) : codeField(screen),
        );
      },
      'refused.locked': (screen, snapshot) => {
        expectForm(screen, snapshot, false);
        expect(submitButton(screen).textContent).toBe('Confirm');
      },
      'refused.rateLimited': (screen, snapshot) => {
        expectForm(screen, snapshot, false);
        expect(submitButton(screen).textContent).toBe('Try again');
      },
      'refused.failed': (screen, snapshot) => {
        expectForm(screen, snapshot, false);
        expect(submitButton(screen).textContent).toBe('Try again');
      },
      proved: (screen) => {
        // The parent takes over; the child's own screen keeps no typed proof.
        const field = passwordField(screen) ?? codeField(screen);
        expect(field?.value).toBe('');
      },
    },
    eventDrivers: {
      'field.change': async (screen, user, event) => {
        const { field, value } = event as unknown as { field: 'password' | 'otpCode'; value: string };
        const input = field === 'password' ? passwordField(screen) : codeField(screen);
        if (!input) throw new Error(`no ${field} field on screen`);
        await user.clear(input);
        await user.type(input, value);
      },
      'form.submit': (screen, user) => user.click(submitButton(screen)),
      'passkey.use': async (screen, user) => {
        // Not offered: the screen has no way to ask, which is what the machine's ignored event means.
        const button = passkeyButton(screen);
        if (button) await user.click(button);
      },
    },
  };
}

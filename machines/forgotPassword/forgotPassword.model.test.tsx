import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { expectResendMail } from '../../test/resendMailScreen';
import { ForgotPasswordView } from '../../ui/password/ForgotPasswordView';
import { resendMachine } from '../resend/resend.machine';
import { forgotPasswordMachine } from './forgotPassword.machine';
import { forgotPasswordSamples } from './forgotPassword.samples';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

// 'Send again' is machines/resend's own model (the same view part, walked there); here the child runs for real,
// so the confirmation shows it as it arrives.
const model = modelFor(forgotPasswordMachine, {
  ...forgotPasswordSamples,
  actors: { resendMail: resendMachine },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const TEXTS: Partial<Record<ErrorCode, string>> = {
  email_not_found_error: 'We could not find an account with this e-mail address.',
  rate_limited_error: 'Too many requests. Please wait a moment and try again.',
};
const HEADINGS = { link: 'Forgot your password?', magicLink: 'Log in with a magic link' } as const;
const SUBMITS = { link: 'Send reset link', magicLink: 'Send magic link' } as const;

const emailInput = (screen: Screen) => screen.getByLabelText('E-mail') as HTMLInputElement;
const submitButton = (screen: Screen, snapshot: Snapshot) =>
  screen.getByRole('button', { name: SUBMITS[snapshot.context.variant] });
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** spec 2 Forgot password: the form of the snapshot's variant, its links, and its errors where spec 8 puts them. */
function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  const { variant, email, error, fieldErrors } = snapshot.context;
  expect(screen.getByRole('heading', { level: 1, name: HEADINGS[variant] })).toBeTruthy();
  const input = emailInput(screen);
  expect(input.value).toBe(email);
  expect(input.getAttribute('autocomplete')).toBe('email');
  expect(input.getAttribute('type')).toBe('email');
  const other =
    variant === 'link'
      ? { name: 'Log in with a magic link instead', href: '/forgotPasswordMagic' }
      : { name: 'Reset your password instead', href: '/forgotPassword' };
  expect(screen.getByRole('link', { name: other.name }).getAttribute('href')).toBe(other.href);
  expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  expect(submitButton(screen, snapshot).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  const underField = error?.field === 'email' ? TEXTS[error.code] : undefined;
  expect(input.getAttribute('aria-invalid')).toBe(underField || fieldErrors.email ? 'true' : null);
  if (underField) {
    expect(description(input)).toContain(underField);
    expect(document.activeElement).toBe(input);
  }
  if (fieldErrors.email === 'any.required') expect(description(input)).toContain('This field is required.');
  const formAlerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  const formError = error && error.field === undefined ? TEXTS[error.code] : undefined;
  expect(formAlerts.map((alert) => alert.textContent)).toEqual(formError ? [formError] : []);
  // A new page or variant focuses its heading; a refusal under the field focuses the field instead.
  if (!busy && !underField && !fieldErrors.email && !formError && email === '')
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
}

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <ForgotPasswordView
          actorRef={actorRef}
          renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
        />
      </I18nProvider>
    ),
    stateAssertions: {
      editing: (screen, snapshot) => expectForm(screen, snapshot, false),
      submitting: (screen, snapshot) => expectForm(screen, snapshot, true),
      succeeded: (screen, snapshot) => {
        screen.getByRole('heading', { level: 1, name: 'Check your e-mail' });
        if (snapshot.context.variant === 'magicLink') {
          // A two-factor account is mailed a reset link instead: the page names both, as the mail does.
          const text = screen.getByText(
            new RegExp(`sent an e-mail to ${snapshot.context.email}`),
          ).textContent;
          expect(text).toContain('a link that logs you in');
          expect(text).toContain('two-factor authentication, a link to set a new password instead');
        } else
          expect(
            screen.getByText(new RegExp(`a link to set a new password to ${snapshot.context.email}`)),
          ).toBeTruthy();
        expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
        expect(screen.queryByLabelText('E-mail')).toBeNull();
        // docs/decisions/product.md Check your e-mail: 'Send again' after the visible wait; the page arrived, its
        // heading has the focus.
        expectResendMail(screen, { phase: 'waiting', error: undefined, resent: false });
        expect(document.activeElement).toBe(
          screen.getByRole('heading', { level: 1, name: 'Check your e-mail' }),
        );
      },
    },
    eventDrivers: {
      'field.change': async (screen, user, event) => {
        const input = emailInput(screen);
        await user.clear(input);
        await user.type(input, (event as unknown as { value: string }).value);
      },
      'form.submit': (screen, user, _event, actorRef) =>
        user.click(submitButton(screen, actorRef.getSnapshot() as Snapshot)),
      // The route sends it when the location changes (routes/passwordRoutes.tsx).
      'route.change': (_screen, _user, event, actorRef) =>
        actorRef.send(event as { type: 'route.change'; path: string }),
    },
  },
});

import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { ERROR_MESSAGES } from '../../i18n/errorMessages';
import { modelFor, type ScreenOptions, testModel, typingInto } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { CuratorSignUpForm } from '../../ui/register/CuratorSignUpForm';
import { curatorSignUpMachine } from './curatorSignUp.machine';
import { curatorSignUpSamples } from './curatorSignUp.samples';
import type { CuratorField } from './curatorSignUp.types';

type Snapshot = SnapshotFrom<typeof curatorSignUpMachine>;

const model = modelFor(curatorSignUpMachine, {
  ...curatorSignUpSamples,
  implementations: { actions: { signedIn: () => {} } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const LABELS: Record<CuratorField, string> = {
  channelName: 'Channel name',
  channelSubdomain: 'Channel subdomain',
  screenName: 'Your name',
  email: 'E-mail',
  password: 'Password',
};
const input = (screen: Screen, field: CuratorField) =>
  screen.getByLabelText(LABELS[field]) as HTMLInputElement;
const submitButton = (screen: Screen) => screen.getByRole('button', { name: 'Sign up' });
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** spec 2 Register (curator): every field with its value and error, the preview, the pencil, the terms. */
function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  const { context } = snapshot;
  expect(screen.getByRole('heading', { level: 1, name: 'Create your channel' })).toBeTruthy();
  expect(submitButton(screen).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  expect(screen.getByTestId('subdomain-preview').textContent).toContain(
    `${context.subdomain.value || '…'}-welcome.`,
  );
  const pencil = screen.getByRole('button', { name: /the subdomain/ });
  expect(pencil.getAttribute('aria-pressed')).toBe(String(context.subdomainOpen));
  expect(screen.queryByLabelText(LABELS.channelSubdomain) !== null).toBe(context.subdomainOpen);
  expect(input(screen, 'email').getAttribute('autocomplete')).toBe('email');
  expect(input(screen, 'password').getAttribute('autocomplete')).toBe('new-password');
  for (const field of ['channelName', 'screenName', 'email', 'password'] as const)
    expect(input(screen, field).value).toBe(context[field]);
  if (context.subdomainOpen) expect(input(screen, 'channelSubdomain').value).toBe(context.subdomain.value);
  expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(context.terms);
  expect(screen.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe(
    '/terms-of-service',
  );
  expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  // spec 5: the unticked box says what is wrong, not 'The values do not match.'
  if (context.fieldErrors.terms)
    expect(screen.getByText('Please accept the terms to continue.')).toBeTruthy();
  // A subdomain that breaks the rule is told the rule.
  if (context.fieldErrors.channelSubdomain && !(context.fieldErrors.channelSubdomain in ERROR_MESSAGES))
    expect(description(input(screen, 'channelSubdomain'))).toContain('Use 3 to 24 letters a-z');
  for (const [field, code] of Object.entries(context.fieldErrors)) {
    if (!code || field === 'terms') continue;
    const element = input(screen, field as CuratorField);
    expect(element.getAttribute('aria-invalid')).toBe('true');
    if (code in ERROR_MESSAGES)
      expect(description(element)).toContain(i18n._(ERROR_MESSAGES[code as ErrorCode]));
  }
  const formAlerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  expect(formAlerts.map((alert) => alert.textContent)).toEqual(
    context.error ? [i18n._(ERROR_MESSAGES[context.error.code])] : [],
  );
}

const screenOptions: ScreenOptions<typeof curatorSignUpMachine> = {
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <CuratorSignUpForm
        actorRef={actorRef}
        platformHost="example.test"
        defaultLinks={{ terms: '/terms-of-service', privacy: '/privacy' }}
        loginLink={<a href="/login">Log in</a>}
      />
    </I18nProvider>
  ),
  stateAssertions: {
    editing: (screen, snapshot) => expectForm(screen, snapshot, false),
    submitting: (screen, snapshot) => expectForm(screen, snapshot, true),
    // The route leaves for /me (signedIn); until then the form stays as it was.
    registered: (screen) => expect(submitButton(screen)).toBeTruthy(),
  },
  eventDrivers: {
    'field.change': typingInto(input),
    'terms.change': (screen, user) => user.click(screen.getByRole('checkbox')),
    'subdomain.toggle': (screen, user) => user.click(screen.getByRole('button', { name: /the subdomain/ })),
    'form.submit': (screen, user) => user.click(submitButton(screen)),
  },
};

testModel(model, { screen: screenOptions });

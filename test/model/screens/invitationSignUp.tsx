/**
 * What the sign-up by invitation (ui/register/InvitationSignUpView.tsx) shows in each state and how a user makes its
 * events: the sign-up's own model test (with a stand-in for the setup's view) and the composition with the real
 * two-factor setup (test/model/compositions) drive it with the same assertions and drivers.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect, type Mock } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../../../api/contract/errorCodes';
import { ERROR_MESSAGES } from '../../../i18n/errorMessages';
import type { invitationSignUpMachine } from '../../../machines/invitationSignUp/invitationSignUp.machine';
import { INVITE } from '../../../machines/invitationSignUp/invitationSignUp.samples';
import type { InvitationField } from '../../../machines/invitationSignUp/invitationSignUp.types';
import { InvitationSignUpView } from '../../../ui/register/InvitationSignUpView';
import { expectTermsField } from '../../../ui/terms/testing';
import { type Screen, type ScreenOptions, typingInto } from '../runOnScreen';

type Snapshot = SnapshotFrom<typeof invitationSignUpMachine>;

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const DEFAULT_LINKS = { terms: '/terms-of-service', privacy: '/privacy' };
const LABELS: Record<InvitationField | 'email', string> = {
  screenName: 'Your name',
  email: 'E-mail',
  password: 'Password',
};
const input = (screen: Screen, field: InvitationField | 'email') =>
  screen.getByLabelText(LABELS[field]) as HTMLInputElement;
const submitButton = (screen: Screen) => screen.getByRole('button', { name: 'Sign up' });
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** spec 2: the organisation, the channel preview, the invitee's first letter, name and e-mail. */
function expectWelcome(screen: Screen) {
  expect(screen.getAllByText('Welcome to CeramTec').length).toBe(1);
  expect(screen.getByTestId('channel-preview').textContent).toBe(
    'Channel Demo Channel at demo-ceramtec.example.test',
  );
  expect(screen.getByText('Ivy Invitee')).toBeTruthy();
  expect(screen.getByText('invitee@example.com')).toBeTruthy();
  expect(screen.getAllByText('I').length).toBeGreaterThan(0);
}

/** spec 2 Register (invitation): each field with its value and error, the organisation's terms, the busy submit. */
function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  const { context } = snapshot;
  expect(screen.getByRole('heading', { level: 1, name: /Welcome to CeramTec/ })).toBeTruthy();
  expectWelcome(screen);
  expect(document.title).toBe('Welcome to CeramTec - Account');
  expect(submitButton(screen).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
  expect(input(screen, 'screenName').value).toBe(context.screenName);
  expect(input(screen, 'password').value).toBe(context.password);
  expect(input(screen, 'password').getAttribute('autocomplete')).toBe('new-password');
  const email = input(screen, 'email');
  expect(email.value).toBe('invitee@example.com');
  expect(email.readOnly).toBe(true);
  expect(email.getAttribute('autocomplete')).toBe('email');
  const terms = screen.getByRole('checkbox') as HTMLInputElement;
  expect(terms.checked).toBe(context.terms);
  // The organisation's own wording and links, as the invitation check answered them (spec 2 Register).
  const invite = context.invite;
  if (!invite) throw new Error('the form is shown without an invite');
  expectTermsField(invite.organisation.terms, DEFAULT_LINKS);
  expect(invite.organisation.terms).toEqual(INVITE.organisation.terms);
  expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  for (const field of ['screenName', 'email', 'password'] as const) {
    const code = context.fieldErrors[field];
    const element = input(screen, field);
    expect(element.getAttribute('aria-invalid')).toBe(code ? 'true' : null);
    if (code && code in ERROR_MESSAGES)
      expect(description(element)).toContain(i18n._(ERROR_MESSAGES[code as ErrorCode]));
  }
  expect(terms.getAttribute('aria-invalid')).toBe(context.fieldErrors.terms ? 'true' : null);
  const formAlerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  expect(formAlerts.map((alert) => alert.textContent)).toEqual(
    context.error ? [i18n._(ERROR_MESSAGES[context.error.code])] : [],
  );
}

/**
 * The sign-up's screen; `redirect` is the spy the test provides as the machine's redirect. While it sets two-factor
 * up it checks the sign-up's own part (the welcome, no form): the setup's view is the child's to assert.
 */
export const invitationSignUpScreen = (redirect: Mock): ScreenOptions<typeof invitationSignUpMachine> => ({
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <InvitationSignUpView
        actorRef={actorRef}
        platformHost="example.test"
        defaultLinks={DEFAULT_LINKS}
        renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
      />
    </I18nProvider>
  ),
  stateAssertions: {
    // spec 2: a blank page while loading, no flash of the form; its status for screen readers only.
    checking: (screen) => {
      expect(screen.getByRole('status').textContent).toBe('Checking your invitation…');
      expect(screen.queryByRole('heading')).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(document.title).toBe('Checking your invitation… - Account');
    },
    editing: (screen, snapshot) => {
      expectForm(screen, snapshot, false);
      const { context } = snapshot;
      // Untouched (just shown, or back from the setup block): the focus starts at the heading.
      const untouched =
        !context.terms && Object.keys(context.fieldErrors).length === 0 && context.error === undefined;
      if (untouched) expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    },
    submitting: (screen, snapshot) => expectForm(screen, snapshot, true),
    settingUpTwoFactor: (screen, snapshot) => {
      expectWelcome(screen);
      // A way back to the form while the setup is on its steps; once it shows the recovery codes going back would
      // only hide them (a stand-in child, a promise, counts as on its steps).
      const setup = snapshot.children.twoFactorSetup?.getSnapshot();
      const pastSteps = setup !== undefined && 'matches' in setup && !setup.matches('settingUp');
      expect(screen.queryByRole('button', { name: 'Change my name or password' }) === null).toBe(pastSteps);
      expect(screen.queryByLabelText('Password')).toBeNull();
    },
    redirecting: (screen) => {
      // The account exists, and the page says so and where the browser goes before it leaves.
      const heading = screen.getByRole('heading', { level: 1, name: 'Your account is ready' });
      expect(document.activeElement).toBe(heading);
      expect(
        screen.getByText(
          /^You can now log in with .+@.+\. We are taking you to the channel .+ at demo-ceramtec\./,
        ),
      ).toBeTruthy();
      expect(screen.getByRole('status').textContent).toContain('Taking you to your channel…');
      expect(redirect).toHaveBeenLastCalledWith({
        channelSubdomain: 'demo',
        organisationSubdomain: 'ceramtec',
      });
      expect(document.title).toBe('Taking you to your channel… - Account');
    },
    invalidToken: (screen) => {
      const heading = screen.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' });
      expect(document.activeElement).toBe(heading);
      expect(screen.getByText('This invitation link is invalid or has expired.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(screen.getByRole('link', { name: 'Create your own channel' }).getAttribute('href')).toBe(
        '/register',
      );
      expect(screen.queryByLabelText('Password')).toBeNull();
      expect(document.title).toBe('This invitation is no longer valid - Account');
    },
  },
  eventDrivers: {
    'field.change': typingInto(input),
    'terms.change': (screen, user) => user.click(screen.getByRole('checkbox')),
    'form.submit': (screen, user) => user.click(submitButton(screen)),
    'details.edit': (screen, user) =>
      user.click(screen.getByRole('button', { name: 'Change my name or password' })),
  },
});

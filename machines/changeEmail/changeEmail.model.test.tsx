import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { Heading, HeadingsAt } from '../../ui/components/headingLevel';
import { ChangeEmailPart } from '../../ui/me/security/ChangeEmailPart';
import { changeEmailMachine } from './changeEmail.machine';
import { changeEmailSamples } from './changeEmail.samples';

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

// 'Send again' is machines/resend's own screen, walked there; here a deferred fake stands in for the child, so its
// part gets a stand-in too: the button, saying where the child was started (after the wait, ready, sending).
vi.mock('../../ui/form/ResendPart', () => ({
  ResendPart: ({ actorRef }: { actorRef: { getSnapshot: () => { input?: { from?: string } } } }) => (
    <button type="button" data-from={actorRef.getSnapshot().input?.from}>
      Send again
    </button>
  ),
}));

type Snapshot = SnapshotFrom<typeof changeEmailMachine>;

const model = modelFor(changeEmailMachine, changeEmailSamples);
const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const field = (screen: Screen) => screen.getByLabelText('New e-mail address') as HTMLInputElement;
const resendButton = (screen: Screen) => screen.getByRole('button', { name: 'Send again' });
const send = (screen: Screen) => screen.getByRole('button', { name: 'Send link' });
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** The text under the field for each code the form keeps there (spec 5 codes and the taken address). */
const FIELD_TEXTS: Record<string, string> = {
  'any.required': 'This field is required.',
  'string.email': 'Please enter a valid e-mail address.',
  'string.email.unchanged': 'This is already your e-mail address. Enter the new one.',
  email_already_exist_error: 'An account with this e-mail address already exists.',
};
/** The form errors (under the form, not a field). */
const FORM_TEXTS: Record<string, string> = {
  rate_limited_error: 'Too many requests. Please wait a moment and try again.',
  unknown_server_error: 'Something went wrong. Please try again later.',
};

function expectForm(screen: Screen, snapshot: Snapshot, busy: boolean) {
  const { fieldErrors, error, email } = snapshot.context;
  expect(screen.getByRole('heading', { level: 3, name: 'Change e-mail address' })).toBeTruthy();
  expect(screen.getByText(/Your address now is/).textContent).toContain('ada@example.com');
  const input = field(screen);
  expect(input.value).toBe(email);
  expect(input.type).toBe('email');
  expect(input.getAttribute('autocomplete')).toBe('email');
  expect(input.getAttribute('inputmode')).toBe('email');
  const underField = fieldErrors.email ?? (error?.field === 'email' ? error.code : undefined);
  expect(input.getAttribute('aria-invalid')).toBe(underField ? 'true' : null);
  if (underField) expect(descriptionOf(input)).toContain(FIELD_TEXTS[underField]);
  const alerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  expect(alerts.map((alert) => alert.textContent)).toEqual(
    error && error.field === undefined ? [FORM_TEXTS[error.code]] : [],
  );
  expect(send(screen).getAttribute('aria-busy')).toBe(busy ? 'true' : null);
}

/** 'Check your new inbox' (docs/decisions/security.md: Changing the e-mail address), whatever 'Send again' is doing. */
function expectInbox(screen: Screen, snapshot: Snapshot) {
  const heading = screen.getByRole('heading', { level: 3, name: 'Check your new inbox' });
  // The page arrived (or came back from the step-up): its heading has the focus; after 'Send again' the button
  // keeps it.
  expect([heading, resendButton(screen)]).toContain(document.activeElement);
  const text = heading.closest('section')?.textContent ?? '';
  // The link went to the NEW address, and how long it works.
  expect(text).toContain(`We sent a link to ${snapshot.context.sentTo}.`);
  expect(snapshot.context.sentTo).toBe('ada.new@example.com');
  expect(text).toContain('It works for 24 hours.');
  // Nothing changes until it is used; the old address keeps working and gets the notice with the undo.
  expect(text).toContain(
    'Nothing changes until you use the link: until then you log in with ada@example.com',
  );
  expect(text).toContain('we send a notice to ada@example.com.');
  expect(text).toContain('It holds a link that undoes the change for 7 days.');
  expect(screen.queryByLabelText('New e-mail address')).toBeNull();
  // docs/decisions/product.md Check your e-mail: 'Send again' (the resend child's part) on the page, nothing else said.
  expect(screen.queryAllByRole('alert')).toEqual([]);
}

/** 'Send again' started where the page stands: after the wait, usable (back from a step-up), sending at once. */
const expectResendFrom = (screen: Screen, from: 'cooling' | 'ready' | 'sending') =>
  expect(resendButton(screen).getAttribute('data-from')).toBe(from);

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <HeadingsAt level={3}>
          <ChangeEmailPart actorRef={actorRef} />
        </HeadingsAt>
      </I18nProvider>
    ),
    stateAssertions: {
      idle: (screen) => {
        expect(screen.getByRole('heading', { level: 3, name: 'E-mail address' })).toBeTruthy();
        expect(screen.getByText('ada@example.com')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Change e-mail address' })).toBeTruthy();
        expect(screen.queryByLabelText('New e-mail address')).toBeNull();
      },
      editing: (screen, snapshot) => expectForm(screen, snapshot, false),
      sending: (screen, snapshot) => expectForm(screen, snapshot, true),
      steppingUp: (screen) => {
        expect(screen.getByRole('heading', { level: 4, name: "Confirm it's you" })).toBeTruthy();
        expect(screen.queryByLabelText('New e-mail address')).toBeNull();
      },
      'sent.waiting': (screen, snapshot) => {
        expectInbox(screen, snapshot);
        expectResendFrom(screen, 'cooling');
      },
      // The step-up given: the same request at once; given up: 'Send again' usable, nothing sent.
      'sent.resendingAfterStepUp': (screen, snapshot) => {
        expectInbox(screen, snapshot);
        expectResendFrom(screen, 'sending');
      },
      'sent.backFromStepUp': (screen, snapshot) => {
        expectInbox(screen, snapshot);
        expectResendFrom(screen, 'ready');
      },
      // The first step-up ran out before 'Send again': the same step-up form, then the same request.
      'sent.steppingUp': (screen) => {
        expect(screen.getByRole('heading', { level: 4, name: "Confirm it's you" })).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
      },
    },
    eventDrivers: {
      'panel.open': (screen, user) =>
        user.click(screen.getByRole('button', { name: 'Change e-mail address' })),
      'panel.close': (screen, user) => user.click(screen.getByRole('button', { name: /^(Cancel|Done)$/ })),
      'field.change': async (screen, user, event) => {
        const { value } = event as unknown as { value: string };
        await user.clear(field(screen));
        await user.type(field(screen), value);
      },
      'form.submit': (screen, user) => user.click(send(screen)),
      'stepUp.cancel': (screen, user) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    },
  },
});

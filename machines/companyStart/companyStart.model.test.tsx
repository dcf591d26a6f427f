import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { expectResendMail } from '../../test/resendMailScreen';
import { CompanyStartView } from '../../ui/company/CompanyStartView';
import { addressRefusalText, expectPendingElsewhere } from '../../ui/start/testing';
import { expectTermsField } from '../../ui/terms/testing';
import { resendMachine } from '../resend/resend.machine';
import { companyStartMachine } from './companyStart.machine';
import { companyStartSamples } from './companyStart.samples';

type Snapshot = SnapshotFrom<typeof companyStartMachine>;
type Field = 'userLastName' | 'userCompanyId' | 'email' | 'confirmEmail';

// 'Send again' is machines/resend's own model (the same view part, walked there); here the child runs for real, so
// the end step shows it as it arrives.
const model = modelFor(companyStartMachine, {
  ...companyStartSamples,
  actors: { resendMail: resendMachine },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const LABELS: Record<Field, string> = {
  userLastName: 'Full name',
  userCompanyId: 'Staff number',
  email: 'E-mail',
  confirmEmail: 'Confirm e-mail',
};
const UNKNOWN =
  'Error: Unknown user information. Please make sure you are entering the details in correct format';
const BLOCKED_REASON = 'Both e-mail addresses must be the same before you can sign up.';
const TERMS_LINKS = { terms: '/terms-of-service', privacy: '/privacy' };
const input = (screen: Screen, field: Field) => screen.getByLabelText(LABELS[field]) as HTMLInputElement;
const submitName = (snapshot: Snapshot) => (snapshot.hasTag('step:details') ? 'Next' : 'Sign up');

function expectDetails(screen: Screen, snapshot: Snapshot) {
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to LIT' })).toBeTruthy();
  expect(screen.getByText('Step 1 of 2')).toBeTruthy();
  expect(input(screen, 'userLastName').value).toBe(snapshot.context.userLastName);
  expect(input(screen, 'userCompanyId').value).toBe(snapshot.context.userCompanyId);
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
  const code = snapshot.context.error?.code;
  if (code === 'registration_company_id_unknown_company_id_error') {
    expect(alerts.some((text) => text.includes(UNKNOWN))).toBe(true);
    expect(screen.getByRole('link', { name: 'Contact us at help@lit.example' }).getAttribute('href')).toBe(
      'mailto:help@lit.example',
    );
  } else if (snapshot.context.error && code === 'user_is_already_confirmed_error')
    // docs/decisions/security.md Company-id sign-up races: the address it was confirmed with, masked, and whom to ask.
    expect(alerts).toContain(addressRefusalText(snapshot.context.error));
  else expect(screen.queryByText(UNKNOWN)).toBeNull();
  // 'You can log in.' leads somewhere: the log-in link is on both steps.
  expect(screen.getByRole('link', { name: 'Already have an account? Log in' }).getAttribute('href')).toBe(
    '/login',
  );
  expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-busy')).toBe(
    snapshot.hasTag('busy') ? 'true' : null,
  );
}

function expectEmail(screen: Screen, snapshot: Snapshot) {
  const { context } = snapshot;
  expect(screen.getByRole('heading', { level: 1, name: 'Your e-mail address' })).toBeTruthy();
  expect(screen.getByText('Step 2 of 2')).toBeTruthy();
  expect(input(screen, 'email').value).toBe(context.email);
  expect(input(screen, 'confirmEmail').value).toBe(context.confirmEmail);
  // The organisation's terms checkbox as the check of step 1 answered it (spec 2 Register).
  expect(context.organisationTerms.wording).toBe('lit');
  expect(expectTermsField(context.organisationTerms, TERMS_LINKS).checked).toBe(context.terms);
  const differ = context.confirmEmail !== '' && context.confirmEmail !== context.email;
  const submit = screen.getByRole('button', { name: 'Sign up' }) as HTMLButtonElement;
  // A submit that cannot be sent yet stays focusable and says why beside it (docs/decisions/product.md: A submit that cannot be sent yet says why).
  expect(submit.disabled).toBe(false);
  expect(submit.getAttribute('aria-disabled') === 'true').toBe(differ || snapshot.hasTag('busy'));
  expect(screen.queryByText(BLOCKED_REASON) !== null).toBe(differ);
  expect(screen.queryByText('Email should be equal') !== null).toBe(differ);
  expect(screen.getByRole('link', { name: 'Already have an account? Log in' }).getAttribute('href')).toBe(
    '/login',
  );
  if (context.error?.code === 'email_already_exist_error')
    expect(screen.getByText('An account with this e-mail address already exists.')).toBeTruthy();
  expect(submit.getAttribute('aria-busy')).toBe(snapshot.hasTag('busy') ? 'true' : null);
}

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <CompanyStartView
          actorRef={actorRef}
          contactEmail="help@lit.example"
          termsLinks={TERMS_LINKS}
          renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
        />
      </I18nProvider>
    ),
    stateAssertions: {
      details: expectDetails,
      checking: expectDetails,
      email: expectEmail,
      registering: expectEmail,
      pendingElsewhere: (screen, snapshot) =>
        expectPendingElsewhere(screen, snapshot.context.error, 'help@lit.example'),
      registered: (screen, snapshot) => {
        screen.getByRole('heading', { level: 1, name: 'Check your e-mail' });
        expect(
          screen.getByText(`We have sent a confirmation link to ${snapshot.context.email}.`),
        ).toBeTruthy();
        expect(screen.getByText(/download the app and a link to set your personal password/)).toBeTruthy();
        expect(screen.getByText(/spam folder/)).toBeTruthy();
        // docs/decisions/product.md Check your e-mail: 'Send again' after the visible wait; the page arrived with
        // its heading focused.
        expectResendMail(screen, { phase: 'waiting', error: undefined, resent: false });
        expect(document.activeElement).toBe(
          screen.getByRole('heading', { level: 1, name: 'Check your e-mail' }),
        );
      },
    },
    eventDrivers: {
      'field.change': async (screen, user, event) => {
        const { field, value } = event as unknown as { field: Field; value: string };
        await user.clear(input(screen, field));
        await user.type(input(screen, field), value);
      },
      'terms.change': (screen, user) => user.click(screen.getByRole('checkbox')),
      'form.submit': (screen, user, _event, actorRef) =>
        user.click(screen.getByRole('button', { name: submitName(actorRef.getSnapshot() as Snapshot) })),
      back: (screen, user, _event, actorRef) =>
        user.click(
          screen.getByRole('button', {
            name: (actorRef.getSnapshot() as Snapshot).matches('pendingElsewhere')
              ? 'Use another e-mail address'
              : 'Back',
          }),
        ),
      restart: (screen, user) => user.click(screen.getByRole('button', { name: 'Start over' })),
    },
  },
});

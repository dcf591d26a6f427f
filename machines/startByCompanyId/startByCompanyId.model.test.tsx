import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import {
  COMPANY_ID_MAX,
  COMPANY_ID_MIN,
  LAST_NAME_MAX,
  LAST_NAME_MIN,
  START_SUBDOMAIN_MAX,
  START_SUBDOMAIN_MIN,
} from '../../api/contract/limits';
import { START_STORAGE_KEYS, startStorageActions } from '../../routes/carried/startStorage';
import { modelFor, testModel, typingInto } from '../../test/model';
import { expectBoundaryVerdict, isMatch } from '../../test/model/boundaries';
import type { Screen } from '../../test/model/runOnScreen';
import { expectResendMail } from '../../test/resendMailScreen';
import { StartView } from '../../ui/start/StartView';
import { addressRefusalText, expectPendingElsewhere } from '../../ui/start/testing';
import { expectTermsField } from '../../ui/terms/testing';
import { resendMachine } from '../resend/resend.machine';
import { startByCompanyIdMachine } from './startByCompanyId.machine';
import { startBoundaries, startByCompanyIdSamples } from './startByCompanyId.samples';
import type { StartTextField } from './startByCompanyId.types';

type Snapshot = SnapshotFrom<typeof startByCompanyIdMachine>;

const model = modelFor(startByCompanyIdMachine, {
  ...startByCompanyIdSamples,
  // The real storage effects on the test page's localStorage: every state below checks what they left there.
  implementations: { actions: startStorageActions(localStorage) },
  // 'Send again' is machines/resend's own model (the same view part, walked there); here the child runs for real,
  // so the end step shows it as it arrives.
  actors: { resendMail: resendMachine },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

const TEXTS: Partial<Record<ErrorCode, string>> = {
  registration_company_id_subdomain_not_found_error:
    'We could not find this organisation. Please check the organisation name.',
  registration_company_id_unknown_company_id_error:
    'We could not find this company ID. Please check your last name and company ID.',
  rate_limited_error: 'Too many requests. Please wait a moment and try again.',
  email_already_exist_error: 'An account with this e-mail address already exists.',
};
const LABELS: Record<StartTextField, string> = {
  organisationSubdomain: 'Organisation',
  userLastName: 'Last name',
  userCompanyId: 'Company ID',
  email: 'E-mail',
  confirmEmail: 'Confirm e-mail',
};
const HEADINGS = ['Sign up with your company ID', 'Who are you?', 'Your e-mail address'];
const SUBMITS = ['Next', 'Next', 'Sign up'];

const input = (screen: Screen, field: StartTextField) =>
  screen.getByLabelText(LABELS[field]) as HTMLInputElement;
const stepOf = (snapshot: Snapshot) =>
  snapshot.hasTag('step:subdomain') ? 0 : snapshot.hasTag('step:companyId') ? 1 : 2;
const submitButton = (screen: Screen, snapshot: Snapshot) =>
  screen.getByRole('button', { name: SUBMITS[stepOf(snapshot)] });
const BLOCKED_REASON = 'Both e-mail addresses must be the same before you can sign up.';
const TERMS_LINKS = { terms: '/terms-of-service', privacy: '/privacy' };
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** spec 3: storage holds the three fields as the page shows them; nothing once registered. */
function expectStorage(snapshot: Snapshot) {
  const registered = snapshot.matches('registered');
  for (const [field, key] of Object.entries(START_STORAGE_KEYS)) {
    const shown = snapshot.context[field as keyof typeof START_STORAGE_KEYS];
    expect(localStorage.getItem(key) ?? '').toBe(registered ? '' : shown);
  }
}

const STEP_FIELDS: StartTextField[][] = [
  ['organisationSubdomain'],
  ['userLastName', 'userCompanyId'],
  ['email', 'confirmEmail'],
];

/** spec 2 Start: the step's heading, 'Step n of 3', its fields and values, its errors where spec 8 puts them. */
function expectStep(screen: Screen, snapshot: Snapshot) {
  const step = stepOf(snapshot);
  const { context } = snapshot;
  expect(screen.getByRole('heading', { level: 1, name: HEADINGS[step] })).toBeTruthy();
  expect(screen.getByText(`Step ${step + 1} of 3`)).toBeTruthy();
  for (const field of STEP_FIELDS[step] ?? []) {
    const element = input(screen, field);
    expect(element.value).toBe(context[field]);
    const refusalHere = context.error?.field === field ? TEXTS[context.error.code] : undefined;
    if (refusalHere) {
      expect(description(element)).toContain(refusalHere);
      expect(element.getAttribute('aria-invalid')).toBe('true');
    }
  }
  const formAlerts = screen.queryAllByRole('alert').filter((alert) => alert.classList.contains('ui-alert'));
  const formError =
    context.error && context.error.field === undefined
      ? (addressRefusalText(context.error) ?? TEXTS[context.error.code])
      : undefined;
  expect(formAlerts.map((alert) => alert.textContent)).toEqual(formError ? [formError] : []);
  if (step === 2) {
    expect(input(screen, 'email').getAttribute('autocomplete')).toBe('email');
    const differ = context.confirmEmail !== '' && context.confirmEmail !== context.email;
    // A submit that cannot be sent yet stays focusable and says why beside it (docs/decisions/product.md: A submit that cannot be sent yet says why).
    const submit = submitButton(screen, snapshot) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    expect(submit.getAttribute('aria-disabled') === 'true').toBe(differ || snapshot.hasTag('busy'));
    expect(description(submit)).toBe(differ ? BLOCKED_REASON : '');
    if (differ) expect(description(input(screen, 'confirmEmail'))).toContain('Email should be equal');
    // The organisation's terms checkbox as the check of step 0 answered it (spec 2 Register).
    expect(expectTermsField(context.organisationTerms, TERMS_LINKS).checked).toBe(context.terms);
  }
  expect(submitButton(screen, snapshot).getAttribute('aria-busy')).toBe(
    snapshot.hasTag('busy') ? 'true' : null,
  );
  expectStorage(snapshot);
}

function expectNoModal(screen: Screen) {
  expect(screen.queryByRole('dialog')).toBeNull();
}

testModel(model, {
  screen: {
    render: (actorRef) => {
      localStorage.clear();
      return (
        <I18nProvider i18n={i18n}>
          <StartView
            actorRef={actorRef}
            renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
            termsLinks={TERMS_LINKS}
            contactEmail="help@papier-union.example"
          />
        </I18nProvider>
      );
    },
    stateAssertions: {
      organisationSubdomain: (screen, snapshot) => {
        expectStep(screen, snapshot);
        expectNoModal(screen);
      },
      checkingSubdomain: expectStep,
      companyId: (screen, snapshot) => {
        expectStep(screen, snapshot);
        // The organisation's own name once the check found it, with its welcome; what was typed without one.
        const brand = snapshot.context.organisationBrand;
        expect(
          screen.getByText(`Organisation: ${brand?.name ?? snapshot.context.organisationSubdomain}`),
        ).toBeTruthy();
        if (brand) expect(screen.getByText(`Welcome to ${brand.name}`)).toBeTruthy();
        else expect(screen.queryByText(/^Welcome to/)).toBeNull();
      },
      checkingCompanyId: expectStep,
      email: (screen, snapshot) => {
        expectStep(screen, snapshot);
        expectNoModal(screen);
      },
      deviceTerms: (screen, snapshot) => {
        expectStep(screen, snapshot);
        const dialog = screen.getByRole('dialog', { name: 'Nutzungsbedingungen für private Endgeräte' });
        expect(dialog.textContent).toContain('1. Juni 2019');
        for (const section of [
          'Geltungsbereich',
          'Pflichten',
          'Trennung der Daten',
          'Kosten',
          'Sicherheit',
          'Beendigung',
        ])
          expect(dialog.textContent).toContain(section);
      },
      registering: expectStep,
      pendingElsewhere: (screen, snapshot) => {
        expectPendingElsewhere(screen, snapshot.context.error, 'help@papier-union.example');
        // The fields stay where they were: another address, or the same after a look in that mailbox.
        expectStorage(snapshot);
      },
      registered: (screen, snapshot) => {
        screen.getByRole('heading', { level: 1, name: 'Check your e-mail' });
        expect(screen.getByText(new RegExp(`confirmation link to ${snapshot.context.email}`))).toBeTruthy();
        expect(screen.getByText(/spam folder/)).toBeTruthy();
        expect(screen.queryByText(/Step \d of 3/)).toBeNull();
        expectStorage(snapshot);
        // docs/decisions/product.md Check your e-mail: 'Send again' after the visible wait; the page arrived with
        // its heading focused.
        expectResendMail(screen, { phase: 'waiting', error: undefined, resent: false });
        expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
      },
    },
    eventDrivers: {
      'field.change': typingInto(input),
      'terms.change': (screen, user) => user.click(screen.getByRole('checkbox')),
      'form.submit': (screen, user, _event, actorRef) =>
        user.click(submitButton(screen, actorRef.getSnapshot() as Snapshot)),
      back: (screen, user, _event, actorRef) => {
        if ((actorRef.getSnapshot() as Snapshot).matches('pendingElsewhere'))
          return user.click(screen.getByRole('button', { name: 'Use another e-mail address' }));
        const step = stepOf(actorRef.getSnapshot() as Snapshot);
        const name = step === 1 ? 'Change organisation' : 'Change last name and company ID';
        return user.click(screen.getByRole('button', { name }));
      },
      'step.force': (screen, user, event) =>
        user.click(
          screen.getByRole('button', {
            name:
              (event as unknown as { step: number }).step === 0
                ? 'Change organisation'
                : 'Change last name and company ID',
          }),
        ),
      reset: async (screen, user, event, actorRef) => {
        // Start over (success step) clears; a new entry of /start while on it (the route) keeps the fields.
        const { clear } = event as unknown as { clear: boolean };
        const snapshot = actorRef.getSnapshot() as Snapshot;
        if (clear && (snapshot.matches('registered') || snapshot.matches('pendingElsewhere')))
          return user.click(screen.getByRole('button', { name: 'Start over' }));
        actorRef.send({ type: 'reset', clear });
      },
      'deviceTerms.back': (_screen, user) => user.keyboard('{Escape}'),
      'deviceTerms.confirm': (screen, user) => user.click(screen.getByRole('button', { name: 'Confirm' })),
    },
  },
});

/**
 * spec 5 Start limits, judged from the spec's numbers (not the machine's guard): each boundary sample's path ends with
 * Next, which goes on to the step's check at min and max characters and stays on the step at min-1.
 */
describe('spec 5 Start limits at their edges', () => {
  const limits: Record<keyof typeof startBoundaries, [number, number, string]> = {
    organisationSubdomain: [START_SUBDOMAIN_MIN, START_SUBDOMAIN_MAX, 'checkingSubdomain'],
    userLastName: [LAST_NAME_MIN, LAST_NAME_MAX, 'checkingCompanyId'],
    userCompanyId: [COMPANY_ID_MIN, COMPANY_ID_MAX, 'checkingCompanyId'],
  };
  it.each(
    Object.entries(startBoundaries).flatMap(([field, values]) =>
      values.map((value) => [field, value.length, value] as const),
    ),
  )('%s of %i characters', (field, _length, value) => {
    const [min, max, accepted] = limits[field as keyof typeof startBoundaries];
    expectBoundaryVerdict(model, {
      sends: (event) => event.type === 'field.change' && isMatch(event, { field, value }),
      value,
      min,
      max,
      accepted,
      submit: 'form.submit',
    });
  });
});

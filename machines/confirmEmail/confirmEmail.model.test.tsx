import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expectFullCoverage,
  modelFor,
  runOnMachine,
  runOnScreen,
  type ScreenOptions,
} from '../../test/model';
import { ConfirmView } from '../../ui/confirm/ConfirmView';
import { confirmEmailMachine } from './confirmEmail.machine';
import { confirmEmailSamples } from './confirmEmail.samples';

// One input per model: the link with a token, and the link without one (spec 8: no call, unknown error).
// Both replay on one coverage record, so the file checks the two together.
const withToken = modelFor(confirmEmailMachine, confirmEmailSamples);
const tokenless = {
  ...modelFor(confirmEmailMachine, { events: confirmEmailSamples.events, input: {} }),
  coverage: withToken.coverage,
};

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const STEPS = [
  'Download the app to your phone.',
  'Set your password with the link we are sending you by e-mail (check your spam folder if it does not arrive).',
  'Log in with your e-mail address and that password.',
];
const WELCOME = {
  lit: 'Welcome to LIT! Your account is ready.',
  unicef_for_every_child: 'Welcome to UNICEF for every child! Your account is ready.',
  companyDefault: 'Welcome! Your company account is ready.',
};
const ERRORS = {
  unknown_server_error: 'Something went wrong. Please try again later.',
  user_confirm_token_invalid_error: 'This confirmation link is invalid or has expired.',
};

const screen: ScreenOptions<typeof confirmEmailMachine> = {
  render: (actorRef) => (
    <I18nProvider i18n={i18n}>
      <ConfirmView
        actorRef={actorRef}
        renderLink={(target, children) => <a href={`/${target}`}>{children}</a>}
      />
    </I18nProvider>
  ),
  stateAssertions: {
    checkingToken: () => undefined,
    confirming: (screen) => {
      expect(screen.getByRole('status').textContent).toContain('Confirming your e-mail address…');
    },
    confirmed: (screen, snapshot) => {
      const heading = screen.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' });
      expect(document.activeElement).toBe(heading);
      const { message, brand } = snapshot.context;
      // The organisation the account signed up into welcomes with its logo; none without one.
      if (brand) {
        expect(screen.getByText(`Welcome to ${brand.name}`)).toBeTruthy();
        expect(document.querySelector('.ui-brand img')?.getAttribute('src')).toBe(brand.logoUrl);
      } else expect(document.querySelector('.ui-brand')).toBeNull();
      if (message === 'email') {
        expect(
          screen.getByText('Thank you for confirming your e-mail address. You can now log in.'),
        ).toBeTruthy();
        expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
        expect(screen.queryByRole('list')).toBeNull();
      } else {
        expect(message).toBeDefined();
        expect(screen.getByText(WELCOME[message!])).toBeTruthy();
        const steps = screen.getByRole('list', { name: 'Next steps' });
        expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual(STEPS);
        // The company variant has the way on the e-mail variant has.
        expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      }
    },
    alreadyConfirmed: (screen) => {
      const heading = screen.getByRole('heading', {
        level: 1,
        name: 'Your e-mail address is already confirmed',
      });
      expect(document.activeElement).toBe(heading);
      expect(
        screen.getByText('This link was used before, so there is nothing left to do. You can log in.'),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(screen.queryByText(/could not confirm/)).toBeNull();
    },
    failed: (screen, snapshot) => {
      const heading = screen.getByRole('heading', {
        level: 1,
        name: 'We could not confirm your e-mail address',
      });
      expect(document.activeElement).toBe(heading);
      const code = snapshot.context.error?.code as keyof typeof ERRORS;
      expect(screen.getByText(ERRORS[code])).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    },
  },
  eventDrivers: {},
};

describe('model of confirmEmail without a token', () => {
  for (const path of tokenless.paths()) {
    it(`machine: ${path.description}`, async () => {
      const run = await runOnMachine(tokenless, path);
      expect(run.calls).toEqual([]);
    });
    it(`screen: ${path.description}`, () => runOnScreen(tokenless, path, screen));
  }
});

describe('model of confirmEmail with a token', () => {
  for (const path of withToken.paths()) {
    it(`machine: ${path.description}`, () => runOnMachine(withToken, path));
    it(`screen: ${path.description}`, () => runOnScreen(withToken, path, screen));
  }
  afterAll(() => expectFullCoverage(withToken));
});

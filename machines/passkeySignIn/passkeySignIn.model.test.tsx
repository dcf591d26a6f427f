import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { PasskeySignIn } from '../../ui/login/PasskeySignIn';
import { passkeySignInMachine } from './passkeySignIn.machine';
import { passkeySignInSamples } from './passkeySignIn.samples';

const model = modelFor(passkeySignInMachine, {
  ...passkeySignInSamples,
  implementations: { actions: { signedIn: () => {} } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const button = (screen: Screen) => screen.getByRole('button', { name: 'Sign in with a passkey' });
const status = (screen: Screen) => screen.getByRole('status').textContent ?? '';
/** Each refused.* state says its own reason, the button stays usable. */
const refusedWith = (text: string) => (screen: Screen) => {
  expect(status(screen)).toBe(text);
  expect(button(screen).getAttribute('aria-busy')).not.toBe('true');
};

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <PasskeySignIn actorRef={actorRef} />
      </I18nProvider>
    ),
    stateAssertions: {
      detecting: (screen) => expect(screen.queryByRole('button')).toBeNull(),
      notSupported: (screen) => expect(screen.queryByRole('button')).toBeNull(),
      idle: (screen) => {
        expect(button(screen).getAttribute('aria-busy')).not.toBe('true');
        expect(status(screen)).toBe('');
      },
      offeringAutofill: (screen) => expect(button(screen).getAttribute('aria-busy')).not.toBe('true'),
      askingBrowser: (screen) => {
        expect(button(screen).getAttribute('aria-busy')).toBe('true');
        expect(status(screen)).toBe('');
      },
      verifying: (screen) => expect(button(screen).getAttribute('aria-busy')).toBe('true'),
      'refused.cancelled': refusedWith(
        'The passkey request was cancelled. You can try again or log in with your password.',
      ),
      'refused.timedOut': refusedWith('The passkey request timed out. Please try again.'),
      'refused.notSupported': refusedWith('This browser or device cannot use a passkey here.'),
      'refused.invalid': refusedWith('This passkey could not be checked. Please try again.'),
      'refused.locked': refusedWith(
        'Too many failed attempts. Your account is locked for a while; please try again later.',
      ),
      'refused.rateLimited': refusedWith('Too many requests. Please wait a moment and try again.'),
      done: (screen) => expect(button(screen).getAttribute('aria-busy')).toBe('true'),
    },
    eventDrivers: {
      SIGN_IN: (screen, user) => user.click(button(screen)),
    },
  },
});

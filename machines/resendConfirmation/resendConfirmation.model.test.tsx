import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { ConfirmationBanner } from '../../ui/me/ConfirmationBanner';
import { resendConfirmationMachine } from './resendConfirmation.machine';
import { resendConfirmationSamples } from './resendConfirmation.samples';

const model = modelFor(resendConfirmationMachine, resendConfirmationSamples);

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
const resendButton = (screen: Screen) =>
  screen.getByRole('button', { name: 'Send the confirmation e-mail again' });

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <ConfirmationBanner actorRef={actorRef} />
      </I18nProvider>
    ),
    stateAssertions: {
      idle: (screen) => {
        expect(screen.getByText('Please verify your email address.')).toBeTruthy();
        expect(resendButton(screen).getAttribute('aria-busy')).not.toBe('true');
      },
      sending: (screen) => {
        expect(resendButton(screen).getAttribute('aria-busy')).toBe('true');
        expect(screen.queryByText('Too many requests. Please wait a moment and try again.')).toBeNull();
      },
      sent: (screen) => {
        expect(screen.getByText('Please verify your email address.')).toBeTruthy();
        expect(
          screen.getByText('We have sent you a new confirmation e-mail. Please open the link in it.'),
        ).toBeTruthy();
        expect(screen.queryByRole('button')).toBeNull();
      },
      failed: (screen) => {
        expect(screen.getByText('Too many requests. Please wait a moment and try again.')).toBeTruthy();
        expect(resendButton(screen)).toBeTruthy();
      },
    },
    eventDrivers: {
      RESEND: (screen, user) => user.click(resendButton(screen)),
    },
  },
});

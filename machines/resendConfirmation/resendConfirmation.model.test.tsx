import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { modelFor, testModel } from '../../test/model';
import type { Screen } from '../../test/model/runOnScreen';
import { expectResendMail, resendButton } from '../../test/resendMailScreen';
import { ConfirmationBanner } from '../../ui/me/ConfirmationBanner';
import { resendConfirmationMachine } from './resendConfirmation.machine';
import { resendConfirmationSamples } from './resendConfirmation.samples';

type Snapshot = SnapshotFrom<typeof resendConfirmationMachine>;

const model = modelFor(resendConfirmationMachine, resendConfirmationSamples);

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

/**
 * spec 2 Me page: the banner keeps its wording in every state, and has 'Send again' as every 'check your e-mail'
 * place has it (docs/decisions/product.md: Check your e-mail).
 */
const expectBanner = (phase: 'waiting' | 'ready' | 'sending') => (screen: Screen, snapshot: Snapshot) => {
  const title = screen.getByText('Please verify your email address.');
  expect(screen.getByText('Open the link in the confirmation e-mail we have sent you.')).toBeTruthy();
  // The banner holds the countdown: it is no live region (only what 'Send again' brought is announced).
  expect(title.closest('.ui-alert')?.getAttribute('role')).toBeNull();
  expect(title.closest('.ui-alert')?.contains(resendButton(screen))).toBe(true);
  expectResendMail(screen, { phase, ...snapshot.context });
};

testModel(model, {
  screen: {
    render: (actorRef) => (
      <I18nProvider i18n={i18n}>
        <ConfirmationBanner actorRef={actorRef} />
      </I18nProvider>
    ),
    stateAssertions: {
      waitingToResend: expectBanner('waiting'),
      canResend: expectBanner('ready'),
      resending: expectBanner('sending'),
    },
    eventDrivers: {
      'mail.resend': (screen, user) => user.click(resendButton(screen)),
    },
  },
});

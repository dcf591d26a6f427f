import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { beforeEach, expect, vi } from 'vitest';
import { modelFor, testModel } from '../../test/model';
import { IdpSuccessPage } from '../../ui/idp/IdpSuccessPage';
import { idpSuccessMachine } from './idpSuccess.machine';

const continueToMe = vi.fn();

const model = modelFor(idpSuccessMachine, {
  implementations: { actions: { continueToMe: () => continueToMe() } },
});

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });

/** Every path starts a fresh actor; the effect spy starts fresh with it. */
beforeEach(() => continueToMe.mockClear());

testModel(model, {
  screen: {
    render: () => (
      <I18nProvider i18n={i18n}>
        <IdpSuccessPage provider="okta" />
      </I18nProvider>
    ),
    stateAssertions: {
      waiting: (screen) => {
        expect(screen.getByRole('status').textContent).toContain('Signing you in…');
        expect(continueToMe).not.toHaveBeenCalled();
      },
      continuing: (screen) => {
        expect(screen.getByRole('heading', { level: 1, name: 'Signed in with Okta' })).toBeTruthy();
        expect(continueToMe).toHaveBeenCalledOnce();
      },
    },
  },
});

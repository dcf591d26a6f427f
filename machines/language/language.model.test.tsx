import { setupI18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { expect } from 'vitest';
import type { Locale } from '../../api/contract/limits';
import { ERROR_MESSAGES } from '../../i18n/errorMessages';
import { i18n as appI18n } from '../../i18n/i18n';
import { messages as bundledGerman } from '../../i18n/locales/de-DE/messages.po';
import { messages as bundledEnglish } from '../../i18n/locales/en-US/messages.po';
import { modelFor, testModel } from '../../test/model';
import { LanguageGate } from '../../ui/language/LanguageGate';
import { languageMachine, type TranslationTexts } from './language.machine';

/** What the translation call answers per locale (spec 7: message id -> text). */
const CALL_TEXTS: Partial<Record<Locale, TranslationTexts>> = {
  'en-US': { greeting: 'Hello {name}' },
  'de-DE': { greeting: 'Hallo {name}' },
};
const GREETING: Partial<Record<Locale, string>> = { 'en-US': 'Hello Ada', 'de-DE': 'Hallo Ada' };
const BUNDLED = { 'en-US': bundledEnglish, 'de-DE': bundledGerman };

/** The unknown_server_error text of a locale's bundled catalog: what the app shows after a failed call. */
const bundledErrorText = (locale: 'en-US' | 'de-DE') =>
  setupI18n({ locale, messages: { [locale]: BUNDLED[locale] } })._(ERROR_MESSAGES.unknown_server_error.id);

const model = modelFor(languageMachine, {
  input: { locale: 'en-US' },
  // Every snapshot, not just every transition: each locale loaded with and without texts, and each change.
  paths: 'everySnapshot',
  events: {
    'locale.change': [{ locale: 'de-DE' }, { locale: 'en-US' }],
    // The call answers the texts of the locale it was asked for.
    'xstate.done.actor.getTranslation': (snapshot) => [{ output: CALL_TEXTS[snapshot.context.locale] }],
    'xstate.error.actor.getTranslation': [{ error: new Error('timed out after 3000 ms') }],
  },
});

/** Not the macro: these texts belong to the test, not to the app's catalogs. */
function Page() {
  const { i18n } = useLingui();
  return (
    <main>
      <p data-testid="greeting">{i18n._('greeting', { name: 'Ada' })}</p>
      <p data-testid="error">{i18n._(ERROR_MESSAGES.unknown_server_error)}</p>
    </main>
  );
}

testModel(model, {
  screen: {
    render: (actorRef) => {
      // Every path is a fresh page: no locale active yet. The app's i18n outlives one render, and a locale a
      // previous path left active would let the gate skip its first load.
      appI18n.loadAndActivate({ locale: 'und', messages: {} });
      return (
        <LanguageGate actorRef={actorRef}>
          <Page />
        </LanguageGate>
      );
    },
    stateAssertions: {
      requesting: (screen, snapshot) => {
        if (screen.queryByRole('status', { name: 'Loading' })) {
          // First load: nothing but the quiet loader.
          expect(screen.queryByRole('main')).toBeNull();
        } else {
          // A locale change: the app stays on screen in the old language until the new one is active.
          expect(screen.getByRole('main')).toBeTruthy();
          expect(document.documentElement.lang).not.toBe(snapshot.context.locale);
        }
      },
      loaded: (screen, snapshot) => {
        expect(screen.queryByRole('status')).toBeNull();
        expect(screen.getByTestId('greeting').textContent).toBe(GREETING[snapshot.context.locale]);
        expect(document.documentElement.lang).toBe(snapshot.context.locale);
      },
      loadedWithoutTexts: (screen, snapshot) => {
        const locale = snapshot.context.locale as 'en-US' | 'de-DE';
        expect(screen.queryByRole('status')).toBeNull();
        expect(screen.getByTestId('error').textContent).toBe(bundledErrorText(locale));
        expect(document.documentElement.lang).toBe(locale);
      },
    },
    eventDrivers: {
      // The language picker lives elsewhere; a locale change reaches this gate as this event.
      'locale.change': (_screen, _user, event, actorRef) =>
        actorRef.send(event as { type: 'locale.change'; locale: Locale }),
    },
  },
});

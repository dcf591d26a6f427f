import { setupI18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Locale } from '../../api/contract/limits';
import { ERROR_MESSAGES } from '../../i18n/errorMessages';
import { messages as bundledGerman } from '../../i18n/locales/de-DE/messages.po';
import { languageMachine, type TranslationTexts } from '../../machines/language/language.machine';
import { LanguageGate } from './LanguageGate';

/** A getTranslation fake whose answers the test settles by hand, one per request. */
function deferredTranslations() {
  const pending: Array<{ locale: Locale; resolve: (texts: TranslationTexts) => void; reject: () => void }> =
    [];
  const getTranslation = fromPromise<TranslationTexts, { locale: Locale }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending.push({ locale: input.locale, resolve, reject: () => reject(new Error('offline')) });
      }),
  );
  return { pending, getTranslation };
}

function startGate(locale: Locale) {
  const fake = deferredTranslations();
  const actorRef = createActor(languageMachine.provide({ actors: { getTranslation: fake.getTranslation } }), {
    input: { locale },
  }).start();
  render(
    <LanguageGate actorRef={actorRef}>
      <Greeting />
    </LanguageGate>,
  );
  return { actorRef, pending: fake.pending };
}

/** Not the macro: its texts belong to this test, not to the app's catalogs. */
function Greeting() {
  const { i18n } = useLingui();
  return (
    <main>
      <p data-testid="greeting">{i18n._('greeting', { name: 'Ada' })}</p>
      <p data-testid="error">{i18n._(ERROR_MESSAGES.unknown_server_error)}</p>
    </main>
  );
}

describe('LanguageGate (spec 4 Language loading)', () => {
  it('shows only a quiet loader while the texts are requested', () => {
    const { pending } = startGate('de-DE');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
    expect(pending.map((request) => request.locale)).toEqual(['de-DE']);
  });

  it('renders the app with the texts from the call, ICU placeholders included', async () => {
    const { pending } = startGate('de-DE');
    await act(async () => pending[0]!.resolve({ greeting: 'Hallo {name}' }));
    expect((await screen.findByTestId('greeting')).textContent).toBe('Hallo Ada');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('falls back to the bundled catalog of the locale when the call fails', async () => {
    const { pending } = startGate('de-DE');
    await act(async () => pending[0]!.reject());
    const expected = setupI18n({ locale: 'de-DE', messages: { 'de-DE': bundledGerman } })._(
      ERROR_MESSAGES.unknown_server_error.id,
    );
    // The bundled catalog is a lazy chunk: wait until it is active (the app may show already, in the language a
    // previous gate left active, as a page with a drawn first screen does).
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe(expected));
    const shown = screen.getByTestId('error').textContent;
    expect(shown).not.toBe(ERROR_MESSAGES.unknown_server_error.message);
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('keeps the app on screen during a locale change, then shows the new language', async () => {
    const { actorRef, pending } = startGate('en-US');
    await act(async () => pending[0]!.resolve({ greeting: 'Hello {name}' }));
    expect((await screen.findByTestId('greeting')).textContent).toBe('Hello Ada');

    act(() => actorRef.send({ type: 'locale.change', locale: 'es-ES' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('greeting').textContent).toBe('Hello Ada');

    await act(async () => pending[1]!.resolve({ greeting: 'Hola {name}' }));
    await screen.findByText('Hola Ada');
    expect(document.documentElement.lang).toBe('es-ES');
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Locale } from '../../api/contract/limits';
import { languageMachine, type TranslationTexts } from './language.machine';

const GERMAN: TranslationTexts = { greeting: 'Hallo' };
const SPANISH: TranslationTexts = { greeting: 'Hola' };

/** A getTranslation fake that records the locales asked for and answers from a table (missing = reject). */
function translationsFrom(table: Partial<Record<Locale, TranslationTexts>>) {
  const asked: Locale[] = [];
  const getTranslation = fromPromise<TranslationTexts, { locale: Locale }>(async ({ input }) => {
    asked.push(input.locale);
    const texts = table[input.locale];
    if (!texts) throw new Error(`no translation for ${input.locale}`);
    return texts;
  });
  return { asked, getTranslation };
}

function start(locale: Locale, table: Partial<Record<Locale, TranslationTexts>>) {
  const fake = translationsFrom(table);
  const actor = createActor(languageMachine.provide({ actors: { getTranslation: fake.getTranslation } }), {
    input: { locale },
  }).start();
  return { actor, asked: fake.asked };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (state) => !state.hasTag('busy'));

describe('languageMachine (spec 4 Language loading)', () => {
  it('starts by requesting the texts of the input locale, tagged busy', () => {
    const { actor, asked } = start('de-DE', { 'de-DE': GERMAN });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('requesting');
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.context).toEqual({ locale: 'de-DE', texts: undefined });
    expect(asked).toEqual(['de-DE']);
  });

  it('stores locale and texts on success', async () => {
    const { actor } = start('de-DE', { 'de-DE': GERMAN });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context).toEqual({ locale: 'de-DE', texts: GERMAN });
  });

  it('marks loading done without texts when the call fails', async () => {
    const { actor } = start('ru-RU', {});
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loadedWithoutTexts');
    expect(snapshot.context).toEqual({ locale: 'ru-RU', texts: undefined });
  });

  it('ends loaded without texts when nobody provides the call (default slot rejects)', async () => {
    const actor = createActor(languageMachine, { input: { locale: 'en-US' } }).start();
    const snapshot = await waitFor(actor, (state) => !state.hasTag('busy'));
    expect(snapshot.value).toBe('loadedWithoutTexts');
  });

  it('requests again on a change to another locale and drops the old texts meanwhile', async () => {
    const { actor, asked } = start('de-DE', { 'de-DE': GERMAN, 'es-ES': SPANISH });
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'es-ES' });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context).toEqual({ locale: 'es-ES', texts: undefined });
    const snapshot = await settled(actor);
    expect(snapshot.context).toEqual({ locale: 'es-ES', texts: SPANISH });
    expect(asked).toEqual(['de-DE', 'es-ES']);
  });

  it('can leave the loaded-without-texts state for another locale that loads', async () => {
    const { actor } = start('pl-PL', { 'de-DE': GERMAN });
    await settled(actor);
    actor.send({ type: 'locale.change', locale: 'de-DE' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.texts).toEqual(GERMAN);
  });

  it('ignores a change to the locale already loaded', async () => {
    const { actor, asked } = start('de-DE', { 'de-DE': GERMAN });
    await settled(actor);
    expect(actor.getSnapshot().can({ type: 'locale.change', locale: 'de-DE' })).toBe(false);
    actor.send({ type: 'locale.change', locale: 'de-DE' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(asked).toEqual(['de-DE']);
  });

  it('ignores locale changes while a request is under way', () => {
    const { actor } = start('de-DE', { 'de-DE': GERMAN });
    expect(actor.getSnapshot().can({ type: 'locale.change', locale: 'es-ES' })).toBe(false);
  });

  it('names the spec clause on every state', () => {
    for (const node of Object.values(languageMachine.root.states)) {
      expect(node.description).toMatch(/^spec 4 Language loading: /);
    }
  });
});

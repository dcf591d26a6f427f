import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../api/contract/limits';
import { type MachineName, machines } from '../../../machines/registry';
import { describeMachine, type TransitionInfo } from '../../../test/model/machineDefinition';
import { actorNames, eventNames, guardMeanings } from './eventLabels';
import { flowTitles } from './flowTitles';
import { stateTitles } from './stateTitles';
import { guardNames, missingTitles, stateTitle, transitionText } from './transitionText';

const names = Object.keys(machines) as MachineName[];
const definitions = names.map((name) => [name, describeMachine(machines[name])] as const);

async function i18nFor(locale: string) {
  const { messages } = await import(`../../../i18n/locales/${locale}/messages.po`);
  return { i18n: setupI18n({ locale, messages: { [locale]: messages } }), messages };
}

describe('the reader’s view of every flow (docs/decisions/conventions.md: Flow titles)', () => {
  it('titles every state and names every event, call and guard of every registered machine', () => {
    const missing = definitions.flatMap(([name, definition]) =>
      missingTitles(name, definition).map((what) => `${name}: ${what}`),
    );
    expect(missing).toEqual([]);
  });

  it('keeps no title of a state that no longer exists', () => {
    const stale = definitions.flatMap(([name, definition]) =>
      Object.keys(stateTitles[name])
        .filter((path) => !definition.states.some((state) => state.path === path))
        .map((path) => `${name}: ${path}`),
    );
    expect(stale).toEqual([]);
  });

  it.each(LOCALES)('%s: every flow title, state title and label is translated', async (locale) => {
    const { messages } = await i18nFor(locale);
    const descriptors: MessageDescriptor[] = [
      ...Object.values(flowTitles),
      ...names.flatMap((name) => Object.values(stateTitles[name])),
      ...Object.values(eventNames),
      ...Object.values(actorNames),
      ...Object.values(guardMeanings),
    ];
    const untranslated = descriptors.filter((descriptor) => !messages[descriptor.id ?? '']);
    expect(untranslated.map((descriptor) => descriptor.message)).toEqual([]);
  });

  it('speaks German on the arcs: no code name, no guard name, no payload', async () => {
    const { i18n } = await i18nFor('de-DE');
    const login = describeMachine(machines.login);
    const submitCode = login.transitions.find(
      (transition) => transition.eventType === 'form.submit' && transition.guard === 'isCodeFormValid',
    ) as TransitionInfo;
    expect(transitionText(i18n, submitCode)).toBe('Absenden (Bedingung: der Code ist vollständig)');
    const failed = login.transitions.find(
      (transition) => transition.kind === 'error.actor',
    ) as TransitionInfo;
    expect(transitionText(i18n, failed)).toMatch(/^Anmeldung: fehlgeschlagen/);
    expect(stateTitle(i18n, 'login', 'enteringCode')).toBe('Einmalcode eingeben');
    expect(i18n._(flowTitles.login)).toBe('Anmeldung mit Passwort und Code');
    for (const [, definition] of definitions)
      for (const transition of definition.transitions) {
        const text = transitionText(i18n, transition);
        expect(text).not.toMatch(/[a-z][A-Z]|\w\.\w|[{}[\]]/);
      }
  });

  it('reads combined guards word by word', async () => {
    const { i18n } = await i18nFor('en-US');
    expect(guardNames('and(not(emailsDiffer), isEmailFormValid)')).toEqual([
      'emailsDiffer',
      'isEmailFormValid',
    ]);
    const start = describeMachine(machines.startByCompanyId);
    const combined = start.transitions.find(
      (transition) => transition.guard === 'and(not(emailsDiffer), isEmailFormValid)',
    ) as TransitionInfo;
    expect(transitionText(i18n, combined)).toBe(
      'Submit (if not: the two e-mails differ and the e-mail is valid)',
    );
  });
});

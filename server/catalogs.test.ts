import { readFile } from 'node:fs/promises';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../api/contract/limits';
import { compileCatalog, compileEntries, parsePo } from './catalogs';

const catalogFile = (locale: string) =>
  readFile(new URL(`../i18n/locales/${locale}/messages.po`, import.meta.url), 'utf8');

describe('parsePo', () => {
  it.each(LOCALES)('reads the %s catalog exactly as @lingui/format-po does', async (locale) => {
    const content = await catalogFile(locale);
    const reference = await formatter({}).parse(content, {
      locale,
      sourceLocale: 'en-US',
      filename: 'messages.po',
    });
    const ours = parsePo(content);
    expect(Object.fromEntries(ours.map((entry) => [entry.id, entry.translation]))).toEqual(
      Object.fromEntries(
        Object.entries(reference ?? {})
          .filter(([, message]) => !message.obsolete)
          .map(([id, message]) => [id, message.translation ?? '']),
      ),
    );
  });

  it('handles context, explicit ids, continued and escaped strings, obsolete entries and plurals', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: de-DE\\n"',
        '',
        'msgctxt "button"',
        'msgid "Open"',
        'msgstr "Öffnen"',
        '',
        '#. js-lingui-explicit-id',
        'msgid "home.title"',
        'msgstr ""',
        '"Sag \\"Hallo\\"\\n"',
        '"zweite Zeile"',
        '',
        '#~ msgid "Old"',
        '#~ msgstr "Alt"',
        '',
        'msgid "{count, plural, one {# day} other {# days}}"',
        'msgstr "{count, plural, one {# Tag} other {# Tage}}"',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { id: generateMessageId('Open', 'button'), message: 'Open', context: 'button', translation: 'Öffnen' },
      { id: 'home.title', message: 'home.title', context: null, translation: 'Sag "Hallo"\nzweite Zeile' },
      {
        id: generateMessageId('{count, plural, one {# day} other {# days}}'),
        message: '{count, plural, one {# day} other {# days}}',
        context: null,
        translation: '{count, plural, one {# Tag} other {# Tage}}',
      },
    ]);
  });
});

describe('compileCatalog', () => {
  it('falls back to the fallback locale’s translation, then to the source text', () => {
    const entry = (id: string, translation: string) => ({
      id,
      message: `source ${id}`,
      context: null,
      translation,
    });
    const compiled = compileEntries(
      [entry('a', 'eigene'), entry('b', ''), entry('c', '')],
      [entry('a', 'fallback a'), entry('b', 'fallback b')],
    );
    expect(compiled).toEqual({ a: ['eigene'], b: ['fallback b'], c: ['source c'] });
  });

  it('compiles every message of a locale under the same ids', async () => {
    const german = await compileCatalog('de-DE');
    const footer = generateMessageId('© {year}. All rights reserved.');
    expect(german[footer]).toEqual(compileMessage('© {year}. Alle Rechte vorbehalten.'));
    const english = await compileCatalog('en-US');
    expect(Object.keys(english).sort()).toEqual(Object.keys(german).sort());
  });
});

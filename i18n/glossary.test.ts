// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../api/contract/limits';
import { parsePo } from '../server/catalogs';

/**
 * docs/decisions/product.md: Words. A locale's glossary (i18n/glossary/<locale>.json) names its preferred term for a
 * thing (or its form of address) and the variants it forbids: no translation of the catalogue may use a forbidden
 * variant as a word of its own (any case). The flow explorer's state and event labels come from the same
 * catalogues, so they are held to it too.
 */
interface Glossary {
  terms: Record<string, string[]>;
}

const glossaryOf = (locale: Locale): Glossary | undefined => {
  const file = `i18n/glossary/${locale}.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Glossary) : undefined;
};

const withGlossary = LOCALES.filter((locale) => glossaryOf(locale) !== undefined);

/** The variant as a word of its own: no letter, digit or hyphen right before or after it. */
const asWord = (variant: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}-])${variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}-])`,
    'iu',
  );

const usesVariant = (translation: string, variant: string) => asWord(variant).test(translation);

describe('one term per thing, per locale', () => {
  it('has a glossary for German, Spanish and Romanian at least', () => {
    expect(withGlossary).toEqual(expect.arrayContaining(['de-DE', 'es-ES', 'ro-RO']));
  });

  it.each(withGlossary)('%s uses no variant its glossary forbids', (locale) => {
    const { terms } = glossaryOf(locale) as Glossary;
    const catalogue = parsePo(readFileSync(`i18n/locales/${locale}/messages.po`, 'utf8'));
    const found: string[] = [];
    for (const [preferred, forbidden] of Object.entries(terms))
      for (const { message, translation } of catalogue)
        for (const variant of forbidden)
          if (usesVariant(translation, variant))
            found.push(`'${variant}' (say '${preferred}') in the translation of '${message}'`);
    expect(found).toEqual([]);
  });

  it('finds a forbidden variant as a word, not inside another word', () => {
    expect(usesVariant('Mit Ihrer Firmen-ID registrieren', 'Firmen-ID')).toBe(true);
    expect(usesVariant('Iniciar sesión con su organización', 'su organización')).toBe(true);
    expect(usesVariant('Adresa ta de e-mail', 'ta')).toBe(true);
    // 'ta' inside 'Tastați' or 'acesta', 'dvs.' at the end of a sentence:
    expect(usesVariant('Tastați codul din această aplicație', 'ta')).toBe(false);
    expect(usesVariant('în contul dvs.', 'dvs.')).toBe(true);
  });
});

// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../api/contract/limits';
import { parsePo } from '../server/catalogs';

/**
 * docs/decisions/product.md: Words. A locale's glossary (i18n/glossary/<locale>.json) names its preferred term for a
 * thing and the variants it forbids: no translation of the catalogue may use a forbidden variant. The diagrams'
 * state labels (docs/flows) come from the same catalogues, so they are held to it too.
 */
interface Glossary {
  terms: Record<string, string[]>;
}

const glossaryOf = (locale: Locale): Glossary | undefined => {
  const file = `i18n/glossary/${locale}.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Glossary) : undefined;
};

const withGlossary = LOCALES.filter((locale) => glossaryOf(locale) !== undefined);

describe('one term per thing, per locale', () => {
  it('has a glossary for German at least', () => {
    expect(withGlossary).toContain('de-DE');
  });

  it.each(withGlossary)('%s uses no variant its glossary forbids', (locale) => {
    const { terms } = glossaryOf(locale) as Glossary;
    const catalogue = parsePo(readFileSync(`i18n/locales/${locale}/messages.po`, 'utf8'));
    const found: string[] = [];
    for (const [preferred, forbidden] of Object.entries(terms))
      for (const { message, translation } of catalogue)
        for (const variant of forbidden)
          if (translation.toLowerCase().includes(variant.toLowerCase()))
            found.push(`'${variant}' (say '${preferred}') in the translation of '${message}'`);
    expect(found).toEqual([]);
  });

  it('fails on a forbidden variant', () => {
    const translation = 'Mit Ihrer Firmen-ID registrieren';
    const forbidden = glossaryOf('de-DE')?.terms.Personalnummer ?? [];
    expect(forbidden.some((variant) => translation.toLowerCase().includes(variant.toLowerCase()))).toBe(true);
  });
});

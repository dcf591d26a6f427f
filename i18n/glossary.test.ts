// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../api/contract/limits';
import { parsePo } from '../server/catalogs';
import { de } from '../server/mail/texts/de';
import { en } from '../server/mail/texts/en';
import { es } from '../server/mail/texts/es';
import { pl } from '../server/mail/texts/pl';
import { ro } from '../server/mail/texts/ro';
import { ru } from '../server/mail/texts/ru';
import type { MailTexts } from '../server/mail/texts/types';

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

const MAIL_TEXTS: Record<Locale, MailTexts> = {
  'en-US': en,
  'de-DE': de,
  'es-ES': es,
  'ru-RU': ru,
  'pl-PL': pl,
  'ro-RO': ro,
};

/**
 * Every sentence of every mail in a language (server/mail/texts), each template written out with placeholder
 * values, once with each yes/no choice (the invitation's reader wording, the authenticator set up again).
 */
const mailSentences = (texts: MailTexts): { message: string; translation: string }[] =>
  [true, false].flatMap((choice) =>
    Object.entries(texts).flatMap(([template, body]) => {
      const vars = new Proxy(
        {},
        { get: (_, key) => (key === 'reader' || key === 'again' ? choice : key === 'days' ? 3 : 'X') },
      );
      const { subject, intro, button, outro } = (body as (vars: unknown) => ReturnType<MailTexts['reset']>)(
        vars,
      );
      return [subject, ...intro, button, ...outro].map((translation) => ({
        message: `the ${template} mail`,
        translation,
      }));
    }),
  );

/** The glossary's forbidden variants found in `sentences`, each named with the term to use instead. */
const variantsIn = (locale: Locale, sentences: { message: string; translation: string }[]) => {
  const { terms } = glossaryOf(locale) as Glossary;
  const found: string[] = [];
  for (const [preferred, forbidden] of Object.entries(terms))
    for (const { message, translation } of sentences)
      for (const variant of forbidden)
        if (usesVariant(translation, variant))
          found.push(`'${variant}' (say '${preferred}') in the translation of '${message}'`);
  return [...new Set(found)];
};

describe('one term per thing, per locale', () => {
  it('has a glossary for every language but English', () => {
    expect(withGlossary).toEqual(LOCALES.filter((locale) => locale !== 'en-US'));
  });

  it.each(withGlossary)('%s uses no variant its glossary forbids', (locale) => {
    const catalogue = parsePo(readFileSync(`i18n/locales/${locale}/messages.po`, 'utf8'));
    expect(variantsIn(locale, catalogue)).toEqual([]);
  });

  it.each(withGlossary)('%s mails use no variant its glossary forbids', (locale) => {
    const sentences = mailSentences(MAIL_TEXTS[locale]);
    expect(sentences.length).toBeGreaterThan(50);
    expect(variantsIn(locale, sentences)).toEqual([]);
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

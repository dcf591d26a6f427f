import { DEFAULT_LOCALE, LOCALES, type Locale } from '../api/contract/limits';

/**
 * The supported locale for each primary language subtag ('de' -> 'de-DE'). Any regional variant of a
 * supported language gets our one locale of that language (spec 1: a German browser gets German, whether
 * it says de, de-AT or de-CH), because we ship one catalog per language.
 */
const LOCALE_BY_LANGUAGE: ReadonlyMap<string, Locale> = new Map(
  LOCALES.map((locale) => [primaryLanguage(locale), locale]),
);

function primaryLanguage(tag: string): string {
  // BCP 47 uses '-', but some systems report POSIX-style tags such as de_AT or de_AT.UTF-8.
  return tag.trim().toLowerCase().split(/[-_.]/)[0] ?? '';
}

/**
 * The first of the visitor's preferred languages (navigator.languages order) that we support;
 * unknown languages fall back to en-US (spec 1, docs/decisions/product.md: Languages).
 */
export function detectLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const locale = LOCALE_BY_LANGUAGE.get(primaryLanguage(language));
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

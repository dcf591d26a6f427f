import type { Context } from 'hono';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../api/contract/limits';
import { chosenLocaleOf } from '../../i18n/chosenLocale';

/**
 * The locale for a mail sent while answering a request: the language the visitor chose on the site (its cookie,
 * as the page itself is drawn), else the first Accept-Language entry we support, matched on the language
 * (de-AT -> de-DE), else en-US (docs/decisions/product.md: Languages).
 */
export const requestLocale = (c: Context): Locale => {
  const chosen = chosenLocaleOf(c.req.header('cookie'));
  if (chosen) return chosen;
  const header = c.req.header('accept-language') ?? '';
  const wanted = header
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter(Boolean);
  for (const tag of wanted) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const sameLanguage = LOCALES.find((locale) => locale.toLowerCase().startsWith(`${language}-`));
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
};

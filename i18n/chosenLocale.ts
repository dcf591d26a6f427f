import { LOCALES, type Locale } from '../api/contract/limits';

/**
 * docs/decisions/product.md Languages: a language the visitor chose is remembered in a cookie that the server reads too,
 * so the first screen of the next page already comes in it. Without one, the detected language is the default.
 */
export const LOCALE_COOKIE = 'locale';

/** A year: the choice outlives the session, and is renewed with every change. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The chosen locale in a Cookie header (or document.cookie); undefined when there is none or it is not ours. */
export function chosenLocaleOf(cookies: string | undefined): Locale | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return LOCALES.find((locale) => locale === value);
  }
  return undefined;
}

/**
 * The cookie that remembers `locale`, for document.cookie: the whole site, a year, Lax (sent on links from other
 * sites, so a shared link opens in the reader's language), Secure on https. Not HttpOnly: the page writes it.
 */
export const localeCookie = (locale: Locale, secure: boolean): string =>
  `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Every locale named in its own language (never translated: a reader looks for their own). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  'en-US': 'English',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'ru-RU': 'Русский',
  'pl-PL': 'Polski',
  'ro-RO': 'Română',
};

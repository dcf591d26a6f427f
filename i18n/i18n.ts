/**
 * The app's one Lingui instance and how a locale becomes active (spec 4 Language loading).
 * Texts from the translation call win; when the call failed, the catalog bundled with the build is used.
 */
import { i18n, type Messages } from '@lingui/core';

import { DEFAULT_LOCALE, type Locale } from '../api/contract/limits';

export { i18n };

/**
 * One lazy import per locale: each catalog is its own chunk, fetched only when that locale needs its bundled
 * texts, so the first load carries none of them. Typed over Locale so a new locale cannot miss its catalog.
 */
const BUNDLED_CATALOGS: Readonly<Record<Locale, () => Promise<{ messages: Messages }>>> = {
  'en-US': () => import('./locales/en-US/messages.po'),
  'de-DE': () => import('./locales/de-DE/messages.po'),
  'es-ES': () => import('./locales/es-ES/messages.po'),
  'ru-RU': () => import('./locales/ru-RU/messages.po'),
  'pl-PL': () => import('./locales/pl-PL/messages.po'),
  'ro-RO': () => import('./locales/ro-RO/messages.po'),
};

export async function loadBundledCatalog(locale: Locale): Promise<Messages> {
  try {
    return (await BUNDLED_CATALOGS[locale]()).messages;
  } catch (error) {
    // A chunk that fails to load (deploy in between, flaky network) should not leave the page blank:
    // English is the next best thing, and with no catalog at all Lingui still shows the source texts in dev.
    console.error(`Could not load the ${locale} catalog`, error);
    if (locale === DEFAULT_LOCALE) return {};
    return loadBundledCatalog(DEFAULT_LOCALE);
  }
}

/** The texts the active locale was last activated with, when they came from the call or the page. */
let activeTexts: Messages | null = null;

/**
 * Make `locale` the active language: with the texts the translation call gave, or, when it failed (loaded
 * without texts), with the catalog bundled for that locale. Also sets <html lang> for screen readers,
 * hyphenation and spell-checking.
 */
export async function activateLocale(locale: Locale, texts?: Messages | null): Promise<void> {
  // The page's own catalogue is activated before the first render (main.tsx) and again when the language machine
  // settles on it: the same texts again would tell every text on the screen to draw anew, while React is still
  // taking over the screen the server drew (docs/benchmarks.md: /me).
  if (texts && i18n.locale === locale && activeTexts === texts) return;
  // An empty answer would render bare message ids; treat it like a failed call.
  const hasTexts = texts != null && Object.keys(texts).length > 0;
  // The translation call answers compiled messages (api/contract/translation.ts), like the bundled catalogs,
  // so the ICU compiler never ships to the browser (it would cost ~6 KB gzip of the first load).
  const messages = hasTexts ? texts : await loadBundledCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  activeTexts = hasTexts ? texts : null;
  document.documentElement.lang = locale;
}

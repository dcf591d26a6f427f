/**
 * The first answer of the translation call comes with the page: the reference server puts the compiled catalogue
 * of the locale it detects from Accept-Language into the HTML (server/sitePage.ts), as an inert JSON script.
 * api/translation.ts takes it from there instead of a second round trip before the first paint; any later request,
 * or a page without it (development, the fake build), goes to the network.
 */
import * as v from 'valibot';
import { LOCALES, type Locale } from './contract/limits';
import {
  fromTranslationAnswerWire,
  PAGE_CATALOGUE_ID,
  TranslationAnswerWire,
  type TranslationMessages,
} from './contract/translation';

/**
 * The page's texts when they are of `locale`, read once: the element is removed, so a later change of language
 * (or a second request of the same one) goes to the network. Anything unreadable counts as absent.
 */
export function takePageCatalogue(locale: Locale): TranslationMessages | undefined {
  const element = document.getElementById(PAGE_CATALOGUE_ID);
  if (!element) return undefined;
  element.remove();
  return catalogueIn(element, locale);
}

/**
 * The page's catalogue and its locale, left in place (main.tsx activates it before the first render, when the
 * server drew the first screen; the language machine still takes it as its first answer).
 */
export function readPageCatalogue(): { locale: Locale; texts: TranslationMessages } | undefined {
  const element = document.getElementById(PAGE_CATALOGUE_ID);
  const locale = LOCALES.find((candidate) => candidate === element?.dataset.locale);
  const texts = element && locale ? catalogueIn(element, locale) : undefined;
  return locale && texts ? { locale, texts } : undefined;
}

/** What an element was read as, so the page's catalogue is parsed and checked once, not once per reader. */
const readBefore = new WeakMap<HTMLElement, TranslationMessages | undefined>();

function catalogueIn(element: HTMLElement, locale: Locale): TranslationMessages | undefined {
  if (element.dataset.locale !== locale) return undefined;
  if (readBefore.has(element)) return readBefore.get(element);
  const texts = parsedCatalogue(element);
  readBefore.set(element, texts);
  return texts;
}

function parsedCatalogue(element: HTMLElement): TranslationMessages | undefined {
  try {
    const parsed = v.safeParse(TranslationAnswerWire, JSON.parse(element.textContent ?? ''));
    return parsed.success ? fromTranslationAnswerWire(parsed.output) : undefined;
  } catch {
    return undefined;
  }
}

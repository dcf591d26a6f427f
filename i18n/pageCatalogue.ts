/**
 * The first texts of a page come with the page: the reference server puts the compiled catalogue of the locale it
 * detects from Accept-Language into the HTML (server/sitePage.ts), as an inert JSON script. The language machine's
 * first request (spec 4 Language loading) takes them from there instead of a second round trip before the first
 * paint; any later request, or a page without them (development, the fake build), asks the translation call.
 */
import * as v from 'valibot';
import type { Locale } from '../api/contract/limits';
import {
  fromTranslationAnswerWire,
  TranslationAnswerWire,
  type TranslationMessages,
} from '../api/contract/translation';

/** The element the server writes and the client reads: one name for both sides. */
export const PAGE_CATALOGUE_ID = 'page-catalogue';

/**
 * The page's texts when they are of `locale`, read once: the element is removed, so a later change of language
 * (or a second request of the same one) goes to the network. Anything unreadable counts as absent.
 */
export function takePageCatalogue(locale: Locale): TranslationMessages | undefined {
  const element = document.getElementById(PAGE_CATALOGUE_ID);
  if (!element) return undefined;
  element.remove();
  if (element.dataset.locale !== locale) return undefined;
  try {
    const parsed = v.safeParse(TranslationAnswerWire, JSON.parse(element.textContent ?? ''));
    return parsed.success ? fromTranslationAnswerWire(parsed.output) : undefined;
  } catch {
    return undefined;
  }
}

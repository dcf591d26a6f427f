/**
 * GET /api/translation?locale (spec 7, 3000 ms time-out): the compiled Lingui messages of one locale, message id ->
 * text. Lingui accepts plain ICU strings and compiled token arrays, so both are let through.
 */
import type { Messages } from '@lingui/core';
import * as v from 'valibot';
import { LOCALES, type Locale } from './limits';

export const TranslationQueryWire = v.object({ locale: v.picklist(LOCALES) });
export type TranslationQueryWire = v.InferOutput<typeof TranslationQueryWire>;
export interface TranslationInput {
  locale: Locale;
}

/**
 * Compiled Lingui messages (id -> the token array `lingui compile` produces, or plain text): the browser ships no
 * ICU compiler. The array is tried first: the server compiles every message to one, and a union records a failed
 * issue for each value before it tries the next schema, hundreds of them for a catalogue read on the first screen.
 */
export const TranslationAnswerWire = v.record(v.string(), v.union([v.array(v.unknown()), v.string()]));
export type TranslationMessages = Messages;
/**
 * Where a locale's compiled messages come from, for the fake service's translation call: the site's bundled
 * catalogs, handed to the fake by whoever starts it (main.tsx, test/fakeApi.ts), so that the fake imports nothing of
 * the site (ARCHITECTURE.md 2).
 */
export type CatalogSource = (locale: Locale) => Promise<TranslationMessages>;
export const fromTranslationAnswerWire = (
  wire: v.InferOutput<typeof TranslationAnswerWire>,
): TranslationMessages => wire as TranslationMessages;

/** The element of the page that carries the first catalogue (server/sitePage.ts writes it, api/pageCatalogue.ts reads it). */
export const PAGE_CATALOGUE_ID = 'page-catalogue';

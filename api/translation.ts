/**
 * GET /api/translation?locale (spec 7): the compiled messages of one locale, time-out 3000 ms. The first answer may
 * have come with the page (api/pageCatalogue.ts): then no request is made.
 */
import { callApi } from './client';
import {
  fromTranslationAnswerWire,
  type Locale,
  TRANSLATION_TIMEOUT_MS,
  TranslationAnswerWire,
  type TranslationInput,
  type TranslationMessages,
} from './contract';
import { takePageCatalogue } from './pageCatalogue';

/** Takes `{ locale }` (the actor input of the language machine) or a bare locale. */
export const getTranslation = async (input: TranslationInput | Locale): Promise<TranslationMessages> => {
  const locale = typeof input === 'string' ? input : input.locale;
  const withThePage = takePageCatalogue(locale);
  if (withThePage) return withThePage;
  return fromTranslationAnswerWire(
    await callApi(
      'getTranslation',
      { searchParams: { locale }, timeout: TRANSLATION_TIMEOUT_MS },
      TranslationAnswerWire,
    ),
  );
};

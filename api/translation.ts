/** GET /api/translation?locale (spec 7): the compiled messages of one locale, time-out 3000 ms. */
import { callApi } from './client';
import {
  fromTranslationAnswerWire,
  type Locale,
  TRANSLATION_TIMEOUT_MS,
  TranslationAnswerWire,
  type TranslationInput,
  type TranslationMessages,
} from './contract';

/** Takes `{ locale }` (the actor input of the language machine) or a bare locale. */
export const getTranslation = async (input: TranslationInput | Locale): Promise<TranslationMessages> => {
  const locale = typeof input === 'string' ? input : input.locale;
  return fromTranslationAnswerWire(
    await callApi(
      'getTranslation',
      { searchParams: { locale }, timeout: TRANSLATION_TIMEOUT_MS },
      TranslationAnswerWire,
    ),
  );
};

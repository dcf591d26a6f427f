import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../../api/contract/limits';
import type { TranslationMessages } from '../../api/contract/translation';

/**
 * Translation texts of one locale as the translation call answers them (spec 7 Translation):
 * message id -> text. Kept opaque here; i18n/i18n.ts turns them into an active Lingui catalog.
 */
export type TranslationTexts = TranslationMessages;

export interface LanguageContext {
  /** The locale asked for last; once loaded, the locale the texts belong to. */
  locale: Locale;
  /** Texts of `locale` when the call succeeded; undefined while requesting or after a failed call. */
  texts: TranslationTexts | undefined;
}

export type LanguageEvent = { type: 'locale.change'; locale: Locale };

/**
 * spec 4 Language loading: request the texts of a locale; success stores locale and texts, an error still
 * marks loading done (spec 8: a failed language load still marks loading done), without texts, so the app
 * falls back to the catalog it bundles.
 */
export const languageMachine = setup({
  types: {} as {
    context: LanguageContext;
    input: { locale: Locale };
    events: LanguageEvent;
    tags: 'busy';
  },
  actors: {
    getTranslation: fromPromise<TranslationTexts, { locale: Locale }>(async () => {
      throw new Error('actor getTranslation must be provided');
    }),
  },
  guards: {
    isOtherLocale: ({ context, event }) => event.locale !== context.locale,
  },
  actions: {
    storeRequestedLocale: assign({ locale: ({ event }) => event.locale, texts: undefined }),
  },
}).createMachine({
  id: 'language',
  description:
    'spec 4 Language loading: request, success (locale and texts stored) or error (loaded without texts)',
  context: ({ input }) => ({ locale: input.locale, texts: undefined }),
  initial: 'requesting',
  states: {
    requesting: {
      description:
        'spec 4 Language loading: request the translation texts of the locale (spec 7, 3000 ms time-out)',
      tags: ['busy'],
      invoke: {
        id: 'getTranslation',
        src: 'getTranslation',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: {
          target: 'loaded',
          actions: assign({ texts: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadedWithoutTexts',
          actions: assign({ texts: undefined }),
        },
      },
    },
    loaded: {
      description: 'spec 4 Language loading: success, locale and texts stored',
      on: {
        'locale.change': { guard: 'isOtherLocale', target: 'requesting', actions: 'storeRequestedLocale' },
      },
    },
    loadedWithoutTexts: {
      description:
        'spec 4 Language loading: error, marked loaded without texts (spec 8: a failed language load still marks loading done)',
      on: {
        'locale.change': { guard: 'isOtherLocale', target: 'requesting', actions: 'storeRequestedLocale' },
      },
    },
  },
});

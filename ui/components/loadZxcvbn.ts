/**
 * Lazy loader of the zxcvbn password scorer. The dictionaries weigh about 1.2 MB gzip (TOOLCHAIN.md), so
 * they are reached only through dynamic import() and end up in lazy chunks, fetched the first time a
 * strength bar is shown. German adds its dictionary on top of the English one (Germans type English
 * words too).
 */
export type StrengthLanguage = 'en' | 'de';

/** Scores a password 0 (guessable) .. 4 (very unguessable); userInputs are words to treat as known. */
export type PasswordScorer = (password: string, userInputs?: readonly string[]) => number;

const scorers = new Map<StrengthLanguage, Promise<PasswordScorer>>();

/** The strength language for a Lingui locale: German for de-*, English otherwise. */
export const strengthLanguageOf = (locale: string | undefined): StrengthLanguage =>
  locale?.toLowerCase().startsWith('de') ? 'de' : 'en';

async function createScorer(language: StrengthLanguage): Promise<PasswordScorer> {
  const [core, common, english, german] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    language === 'de' ? import('@zxcvbn-ts/language-de') : Promise.resolve(undefined),
  ]);
  const zxcvbn = new core.ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: {
      ...common.dictionary,
      ...english.dictionary,
      // The German package names its lists without a language suffix; prefix them so none overwrites another.
      ...(german ? prefixKeys(german.dictionary, 'de-') : {}),
    },
  });
  return (password, userInputs = []) => zxcvbn.check(password, [...userInputs]).score;
}

function prefixKeys<T>(record: Record<string, T>, prefix: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [`${prefix}${key}`, value]));
}

/** One scorer per language, created once; a failed load is forgotten so the next call can retry. */
export function loadZxcvbn(language: StrengthLanguage = 'en'): Promise<PasswordScorer> {
  let scorer = scorers.get(language);
  if (!scorer) {
    scorer = createScorer(language);
    scorers.set(language, scorer);
    scorer.catch(() => scorers.delete(language));
  }
  return scorer;
}

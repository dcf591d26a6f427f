/**
 * The zxcvbn scorer behind the strength bar (docs/decisions/operations.md: The strength bar is judged in the
 * browser): the common graphs and dictionaries, the English dictionary, and for German the German dictionary on top.
 * strengthScorer.test.ts pins its scores with the fifty passwords of strengthFixture.ts. Heavy to build (hundreds of
 * milliseconds) and slow on long repetitive input (seconds): only the strength worker (strengthWorker.ts) imports
 * it, so it and its dictionaries stay in a lazy file and never hold up the page's thread.
 */
/** The dictionaries the scorer knows: English, and German on top for a German page. */
export type StrengthLanguage = 'en' | 'de';

/** One password to judge, with words to treat as known (the person's e-mail and name). */
export interface StrengthRequest {
  password: string;
  language: StrengthLanguage;
  userInputs: readonly string[];
}

/** Scores a password 0 (guessable) .. 4 (very unguessable); userInputs are words to treat as known. */
export type PasswordScorer = (password: string, userInputs: readonly string[]) => number;

/**
 * Builds the scorer for a language. zxcvbn and each dictionary are imports of their own (in the built site, files of
 * the worker's own, fetched when first built): an English page fetches the common and English lists only.
 */
export async function loadScorer(language: StrengthLanguage): Promise<PasswordScorer> {
  const [{ ZxcvbnFactory }, common, english, german] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    language === 'de' ? import('@zxcvbn-ts/language-de') : undefined,
  ]);
  const zxcvbn = new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: {
      ...common.dictionary,
      ...english.dictionary,
      // The German package names its lists without a language suffix; prefix them so none overwrites another.
      ...(german ? prefixKeys(german.dictionary, 'de-') : {}),
    },
  });
  return (password, userInputs) => zxcvbn.check(password, [...userInputs]).score;
}

function prefixKeys<T>(record: Record<string, T>, prefix: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [`${prefix}${key}`, value]));
}

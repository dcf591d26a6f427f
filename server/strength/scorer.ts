/**
 * The zxcvbn scorer the strength bar's judgement comes from, built exactly as the browser built it before the
 * server judged (docs/decisions.md: The strength bar is judged by the server): the common graphs and dictionaries,
 * the English dictionary, and for German the German dictionary on top. strengthFixture.test.ts pins its scores.
 * Heavy to build (hundreds of milliseconds) and slow on long repetitive input: only the judge's worker thread
 * (judgeWorker.ts) builds and runs it, never the thread that answers requests.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as german from '@zxcvbn-ts/language-de';
import * as english from '@zxcvbn-ts/language-en';
import type { StrengthLanguage } from '../../api/contract/strength';

/** Scores a password 0 (guessable) .. 4 (very unguessable); userInputs are words to treat as known. */
export type PasswordScorer = (password: string, userInputs: readonly string[]) => number;

export function createScorer(language: StrengthLanguage): PasswordScorer {
  const zxcvbn = new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: {
      ...common.dictionary,
      ...english.dictionary,
      // The German package names its lists without a language suffix; prefix them so none overwrites another.
      ...(language === 'de' ? prefixKeys(german.dictionary, 'de-') : {}),
    },
  });
  return (password, userInputs) => zxcvbn.check(password, [...userInputs]).score;
}

function prefixKeys<T>(record: Record<string, T>, prefix: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [`${prefix}${key}`, value]));
}

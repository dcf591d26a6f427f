/**
 * The strength worker (docs/decisions/operations.md: The strength bar is judged in the browser): a module worker of
 * its own, so zxcvbn and its dictionaries are fetched only when the bar asks for them and a slow judgement (seconds on
 * long repetitive input) never freezes the page. It answers each question in turn; browserStrengthJudge.ts asks one
 * at a time.
 */
import {
  loadScorer,
  type PasswordScorer,
  type StrengthLanguage,
  type StrengthRequest,
} from './strengthScorer';

/** A question: build the scorer for a language (no request), or judge a password. */
export interface StrengthQuestion {
  id: number;
  language: StrengthLanguage;
  request?: StrengthRequest;
}

/** The answer to question `id`: its score (null for a scorer built), or failed (a dictionary not fetched, a throw). */
export type StrengthAnswer = { id: number; score: number | null } | { id: number; failed: true };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<StrengthQuestion>) => void) | null;
  postMessage(answer: StrengthAnswer): void;
};
const scorers = new Map<StrengthLanguage, Promise<PasswordScorer>>();

scope.onmessage = async ({ data: { id, language, request } }) => {
  try {
    let scorer = scorers.get(language);
    if (!scorer) {
      scorer = loadScorer(language);
      // A dictionary that could not be fetched is not kept: the next question tries again.
      scorer.catch(() => scorers.delete(language));
      scorers.set(language, scorer);
    }
    const score = await scorer;
    scope.postMessage({ id, score: request ? score(request.password, request.userInputs) : null });
  } catch {
    scope.postMessage({ id, failed: true });
  }
};

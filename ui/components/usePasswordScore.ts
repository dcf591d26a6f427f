import { useContext, useEffect, useState } from 'react';
import type { StrengthLanguage } from '../../api/contract/strength';
import { StrengthJudgeContext } from './strengthJudge';

/** How long typing must pause before the judge is asked: one call per pause, not per keystroke. */
export const STRENGTH_DEBOUNCE_MS = 250;

/**
 * The score of `password` from the provided judge (ui/components/strengthJudge.ts), asked once typing pauses.
 * While a newer judgement is on its way the last score stays; the newest answer wins (an older call is cancelled
 * and its answer ignored). An empty password is null at once, without a call; a failed call or "no judgement" is
 * null too, so the bar is empty rather than guessing.
 */
export function usePasswordScore(
  password: string,
  language: StrengthLanguage,
  userInputs: readonly string[] = [],
): number | null {
  const judge = useContext(StrengthJudgeContext);
  const [score, setScore] = useState<number | null>(null);
  // Callers pass a fresh array each render; key on its content so a render alone does not ask again.
  const inputsKey = JSON.stringify(userInputs);

  useEffect(() => {
    if (password.length === 0) {
      setScore(null);
      return;
    }
    const call = new AbortController();
    const timer = setTimeout(() => {
      const request = { password, language, userInputs: JSON.parse(inputsKey) as string[] };
      judge(request, call.signal).then(
        (judged) => {
          if (!call.signal.aborted) setScore(judged);
        },
        () => {
          if (!call.signal.aborted) setScore(null);
        },
      );
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      call.abort();
    };
  }, [judge, password, language, inputsKey]);

  return password.length === 0 ? null : score;
}

import { useEffect, useMemo, useState } from 'react';
import { loadZxcvbn, type PasswordScorer, type StrengthLanguage } from './loadZxcvbn';

/**
 * The zxcvbn score of `password`, or null while the scorer is still loading (or failed to load, e.g.
 * offline: the bar then stays empty rather than guessing).
 */
export function usePasswordScore(
  password: string,
  language: StrengthLanguage,
  userInputs: readonly string[] = [],
): number | null {
  const [scorer, setScorer] = useState<PasswordScorer | null>(null);

  useEffect(() => {
    let current = true;
    loadZxcvbn(language).then(
      (loaded) => {
        if (current) setScorer(() => loaded);
      },
      () => {
        if (current) setScorer(null);
      },
    );
    return () => {
      current = false;
    };
  }, [language]);

  // Callers pass a fresh array each render; key on its content so the score is not recomputed needlessly.
  const inputsKey = userInputs.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: inputsKey stands for userInputs' content.
  return useMemo(
    () => (scorer && password.length > 0 ? scorer(password, userInputs) : null),
    [scorer, password, inputsKey],
  );
}

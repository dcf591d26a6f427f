import { useContext, useEffect, useState } from 'react';
import { type StrengthJudge, StrengthJudgeContext } from './strengthJudge';
import type { StrengthLanguage } from './strengthScorer';
import { Superseded } from './strengthSuperseded';

/** How long typing must pause before a password is judged: one judgement per pause, not per keystroke. */
export const STRENGTH_DEBOUNCE_MS = 250;

/**
 * What the strength bar shows (docs/decisions/operations.md: The strength bar is judged in the browser): nothing for
 * an empty field; the form's minimum while the password is shorter (the form's own rule, never judged); 'checking'
 * while the judge is not ready or has not yet judged; 'unavailable' when the judge could not be loaded (the form
 * still submits: the server's rules hold there); else the score.
 */
export type PasswordStrength =
  | { kind: 'empty' }
  | { kind: 'short'; minimum: number }
  | { kind: 'checking' }
  | { kind: 'unavailable' }
  | { kind: 'scored'; score: number };

/** Runs `task` once the browser is idle after painting (at once where it cannot say); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task);
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}

/**
 * The strength of `password` from the provided judge (strengthJudge.ts). The judge is prepared (its dictionaries
 * fetched) when the browser is first idle after the bar appears, or at once when typing starts; a password at or over
 * `minimum` is judged once typing pauses, keeping the last score meanwhile, the newest judgement winning.
 */
export function usePasswordStrength(
  password: string,
  language: StrengthLanguage,
  minimum: number,
  userInputs: readonly string[] = [],
): PasswordStrength {
  const judge: StrengthJudge = useContext(StrengthJudgeContext);
  const [failed, setFailed] = useState<StrengthLanguage | null>(null);
  const [judged, setJudged] = useState<{ language: StrengthLanguage; score: number } | null>(null);
  // Callers pass a fresh array each render; key on its content so a render alone does not judge again.
  const inputsKey = JSON.stringify(userInputs);
  const typing = password.length > 0;
  const long = password.length >= minimum;

  useEffect(() => {
    let current = true;
    const prepare = () =>
      judge.prepare(language).then(
        () => {
          if (current) setFailed((was) => (was === language ? null : was));
        },
        () => {
          if (current) setFailed(language);
        },
      );
    if (typing) {
      prepare();
      return () => {
        current = false;
      };
    }
    const cancel = whenIdle(prepare);
    return () => {
      current = false;
      cancel();
    };
  }, [judge, language, typing]);

  useEffect(() => {
    if (!long) {
      setJudged(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      const userInputs = JSON.parse(inputsKey) as string[];
      judge.judge({ password, language, userInputs }).then(
        (score) => {
          if (!current) return;
          setJudged({ language, score });
          setFailed(null);
        },
        (error: unknown) => {
          if (current && !(error instanceof Superseded)) setFailed(language);
        },
      );
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [judge, password, language, inputsKey, long]);

  if (!typing) return { kind: 'empty' };
  if (!long) return { kind: 'short', minimum };
  if (failed === language) return { kind: 'unavailable' };
  if (judged?.language === language) return { kind: 'scored', score: judged.score };
  return { kind: 'checking' };
}

/** The strength language for a Lingui locale: German for de-*, English otherwise. */
export const strengthLanguageOf = (locale: string | undefined): StrengthLanguage =>
  locale?.toLowerCase().startsWith('de') ? 'de' : 'en';

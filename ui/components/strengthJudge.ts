import { createContext } from 'react';
import type { PasswordStrengthRequest, StrengthLanguage } from '../../api/contract/strength';

/**
 * How the strength bar gets a score (0..4) for what was typed, or null for "no judgement". The frame
 * (routes/root.tsx) provides the server's judge (api/strength.ts); without a frame (a screen test that provides
 * none) nothing is judged and the bar stays empty.
 */
export type StrengthJudge = (request: PasswordStrengthRequest, signal: AbortSignal) => Promise<number | null>;

export const StrengthJudgeContext = createContext<StrengthJudge>(async () => null);

/** The strength language for a Lingui locale: German for de-*, English otherwise. */
export const strengthLanguageOf = (locale: string | undefined): StrengthLanguage =>
  locale?.toLowerCase().startsWith('de') ? 'de' : 'en';

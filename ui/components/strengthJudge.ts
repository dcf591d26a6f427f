import { createContext } from 'react';
import type { StrengthLanguage, StrengthRequest } from './strengthScorer';

/**
 * How the strength bar gets a score (0..4) for what was typed (docs/decisions/operations.md: The strength bar is
 * judged in the browser). The frame (routes/root.tsx) provides the browser's judge (browserStrengthJudge.ts: zxcvbn
 * and its dictionaries in a worker, fetched lazily); a screen test provides its own. Nothing here calls the server.
 */
export interface StrengthJudge {
  /** Fetches and builds the scorer for a language: resolves once it can judge, rejects when it cannot be loaded. */
  prepare(language: StrengthLanguage): Promise<void>;
  /** The score of a password; rejects when the scorer cannot be loaded or a newer request took this one's place. */
  judge(request: StrengthRequest): Promise<number>;
}

/** The refusal of a judgement a newer one replaced before it was asked: not a failure. */
export class Superseded extends Error {
  constructor() {
    super('A newer judgement took its place');
    this.name = 'Superseded';
  }
}

/** Without a frame nothing can be judged, and the bar says so rather than staying empty. */
const unavailable = () => Promise.reject(new Error('No strength judge provided'));
export const StrengthJudgeContext = createContext<StrengthJudge>({
  prepare: unavailable,
  judge: unavailable,
});

/** The strength language for a Lingui locale: German for de-*, English otherwise. */
export const strengthLanguageOf = (locale: string | undefined): StrengthLanguage =>
  locale?.toLowerCase().startsWith('de') ? 'de' : 'en';

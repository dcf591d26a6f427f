import { createContext } from 'react';
import type { StrengthLanguage, StrengthRequest } from './strengthScorer';

/**
 * How the strength bar gets a score (0..4) for what was typed (docs/decisions/operations.md: The strength bar is
 * judged in the browser). The frame (routes/root.tsx) provides the browser's judge (browserStrengthJudge.ts, loaded lazily: zxcvbn
 * and its dictionaries in a worker, fetched lazily); a screen test provides its own. Nothing here calls the server.
 */
export interface StrengthJudge {
  /** Fetches and builds the scorer for a language: resolves once it can judge, rejects when it cannot be loaded. */
  prepare(language: StrengthLanguage): Promise<void>;
  /** The score of a password; rejects when the scorer cannot be loaded or a newer request took this one's place. */
  judge(request: StrengthRequest): Promise<number>;
}

/** Without a frame nothing can be judged, and the bar says so rather than staying empty. */
const unavailable = () => Promise.reject(new Error('No strength judge provided'));
export const StrengthJudgeContext = createContext<StrengthJudge>({
  prepare: unavailable,
  judge: unavailable,
});

/**
 * A judge whose code loads on its first use (`load`, a dynamic import): the frame holds this small stand-in, so the
 * worker's driver (browserStrengthJudge.ts) is no part of any page's first load. A load that fails refuses what was
 * asked, and the next ask loads again.
 */
export function lazyStrengthJudge(load: () => Promise<StrengthJudge>): StrengthJudge {
  let loading: Promise<StrengthJudge> | null = null;
  const loaded = () => {
    if (!loading) {
      const attempt = load();
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
    }
    return loading;
  };
  return {
    prepare: async (language) => (await loaded()).prepare(language),
    judge: async (request) => (await loaded()).judge(request),
  };
}

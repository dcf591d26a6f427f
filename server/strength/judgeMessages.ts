/** What the judge (judge.ts) and its worker thread (judgeWorker.ts) say to each other. */
import type { StrengthLanguage } from '../../api/contract/strength';

export interface JudgeTask {
  id: number;
  password: string;
  language: StrengthLanguage;
  userInputs: readonly string[];
}

export type WorkerMessage =
  /** Both scorers are built: tasks can come. */
  | { type: 'ready' }
  /** null: the scorer threw (it should not; the bar then stays empty). */
  | { type: 'score'; id: number; score: number | null };

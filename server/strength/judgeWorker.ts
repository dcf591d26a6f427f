/**
 * The judge's worker thread (judge.ts starts it through judgeWorkerEntry.mjs): builds both scorers once, says
 * 'ready', then scores one task at a time. Runs off the thread that answers requests, so a slow judgement never
 * blocks the server, and can be ended mid-judgement when it passes its deadline. Nothing here logs or keeps a
 * password: it lives in this thread's memory for one judgement.
 */
import { parentPort } from 'node:worker_threads';
import { STRENGTH_LANGUAGES } from '../../api/contract/strength';
import type { JudgeTask, WorkerMessage } from './judgeMessages';
import { createScorer } from './scorer';

const port = parentPort;
if (!port) throw new Error('judgeWorker.ts runs as a worker thread only');

const scorers = Object.fromEntries(STRENGTH_LANGUAGES.map((language) => [language, createScorer(language)]));
const say = (message: WorkerMessage) => port.postMessage(message);

port.on('message', (task: JudgeTask) => {
  let score: number | null = null;
  try {
    score = scorers[task.language]?.(task.password, task.userInputs) ?? null;
  } catch {
    score = null;
  }
  say({ type: 'score', id: task.id, score });
});
say({ type: 'ready' });

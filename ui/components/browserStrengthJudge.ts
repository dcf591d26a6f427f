/**
 * The browser's strength judge (docs/decisions/operations.md: The strength bar is judged in the browser): zxcvbn in a
 * module worker (strengthWorker.ts), started when the bar first asks. One question is on its way at a time; a newer
 * judgement waiting replaces the older one (which is refused), so fast typing never piles up work behind a slow
 * judgement. A worker that cannot be loaded (offline, blocked) refuses everything asked of it and is dropped, so the
 * next ask starts a fresh one. No password leaves the browser.
 */
import type { StrengthJudge } from './strengthJudge';
import { Superseded } from './strengthSuperseded';
import type { StrengthAnswer, StrengthQuestion } from './strengthWorker';

/** The part of a Worker the judge uses, so a test can stand one in. */
export interface StrengthWorkerPort {
  postMessage(question: StrengthQuestion): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<StrengthAnswer>) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
  terminate(): void;
}

interface Waiting {
  question: StrengthQuestion;
  settle: (score: number | null) => void;
  refuse: (error: Error) => void;
}

const startWorker = (): StrengthWorkerPort =>
  new Worker(new URL('./strengthWorker.ts', import.meta.url), { type: 'module', name: 'strength' });

export function createBrowserStrengthJudge(start: () => StrengthWorkerPort = startWorker): StrengthJudge {
  let worker: StrengthWorkerPort | null = null;
  let asked: Waiting | null = null;
  let queue: Waiting[] = [];
  let lastId = 0;
  const prepared = new Map<string, Promise<void>>();

  const send = () => {
    const first = queue.shift();
    if (asked || !first) {
      if (first) queue.unshift(first);
      return;
    }
    asked = first;
    if (!worker) worker = connect();
    worker.postMessage(asked.question);
  };

  const fail = (port: StrengthWorkerPort) => {
    if (worker !== port) return;
    port.terminate();
    worker = null;
    prepared.clear();
    const refused = asked ? [asked, ...queue] : queue;
    asked = null;
    queue = [];
    for (const waiting of refused) waiting.refuse(new Error('The strength worker could not be loaded'));
  };

  const connect = () => {
    const port = start();
    port.addEventListener('message', ({ data }) => {
      if (worker !== port || asked?.question.id !== data.id) return;
      const answered = asked;
      asked = null;
      if ('failed' in data) answered.refuse(new Error('The strength worker failed'));
      else answered.settle(data.score);
      send();
    });
    port.addEventListener('error', () => fail(port));
    return port;
  };

  const ask = (question: Omit<StrengthQuestion, 'id'>) =>
    new Promise<number | null>((settle, refuse) => {
      if (question.request) {
        // Only the newest judgement waits; a scorer being built is never dropped.
        for (const waiting of queue.filter((w) => w.question.request)) waiting.refuse(new Superseded());
        queue = queue.filter((w) => !w.question.request);
      }
      lastId += 1;
      queue.push({ question: { ...question, id: lastId }, settle, refuse });
      send();
    });

  return {
    prepare(language) {
      let ready = prepared.get(language);
      if (!ready) {
        ready = ask({ language }).then(() => {});
        // A failure is not kept: the next ask tries again.
        const failed = ready;
        failed.catch(() => {
          if (prepared.get(language) === failed) prepared.delete(language);
        });
        prepared.set(language, failed);
      }
      return ready;
    },
    async judge(request) {
      const score = await ask({ language: request.language, request });
      if (score === null) throw new Error('The strength worker gave no score');
      return score;
    },
  };
}

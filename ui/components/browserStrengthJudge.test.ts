/**
 * The browser's strength judge against a stand-in worker: one question on its way at a time, only the newest waiting
 * judgement kept (the others refused as Superseded), a scorer being built never dropped, and a worker that cannot be
 * loaded refusing everything and replaced at the next ask.
 */
import { describe, expect, it } from 'vitest';
import { createBrowserStrengthJudge, type StrengthWorkerPort } from './browserStrengthJudge';
import { Superseded } from './strengthSuperseded';
import type { StrengthAnswer, StrengthQuestion } from './strengthWorker';

class FakeWorker implements StrengthWorkerPort {
  questions: StrengthQuestion[] = [];
  terminated = false;
  private readonly listeners: {
    message: ((event: MessageEvent<StrengthAnswer>) => void)[];
    error: (() => void)[];
  } = { message: [], error: [] };
  postMessage(question: StrengthQuestion) {
    this.questions.push(question);
  }
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent<StrengthAnswer>) => void) {
    if (type === 'message') this.listeners.message.push(listener);
    else this.listeners.error.push(() => listener(new MessageEvent('error')));
  }
  terminate() {
    this.terminated = true;
  }
  answer(answer: StrengthAnswer) {
    for (const listener of this.listeners.message) listener({ data: answer } as MessageEvent<StrengthAnswer>);
  }
  /** Answers the last question asked with `score`. */
  score(score: number | null) {
    const last = this.questions.at(-1);
    if (last) this.answer({ id: last.id, score });
  }
  fail() {
    for (const listener of this.listeners.error) listener();
  }
}

const judgeWith = () => {
  const workers: FakeWorker[] = [];
  const judge = createBrowserStrengthJudge(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  });
  return { judge, workers };
};
const request = (password: string) => ({ password, language: 'en' as const, userInputs: ['ada'] });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the browser strength judge', () => {
  it('starts no worker before it is asked', () => {
    const { workers } = judgeWith();
    expect(workers).toHaveLength(0);
  });

  it('prepares a language once, and judges through the same worker', async () => {
    const { judge, workers } = judgeWith();
    const ready = judge.prepare('de');
    expect(judge.prepare('de')).toBe(ready);
    expect(workers[0]?.questions).toEqual([{ id: 1, language: 'de' }]);
    workers[0]?.score(null);
    await ready;

    const scored = judge.judge(request('hunter22'));
    expect(workers[0]?.questions.at(-1)).toEqual({ id: 2, language: 'en', request: request('hunter22') });
    workers[0]?.score(1);
    await expect(scored).resolves.toBe(1);
    expect(workers).toHaveLength(1);
  });

  it('asks one question at a time and keeps only the newest waiting judgement', async () => {
    const { judge, workers } = judgeWith();
    const first = judge.judge(request('first'));
    const second = judge.judge(request('second'));
    const third = judge.judge(request('third'));
    const worker = workers[0] as FakeWorker;
    expect(worker.questions.map((q) => q.request?.password)).toEqual(['first']);
    await expect(second).rejects.toBeInstanceOf(Superseded);

    worker.score(2);
    await expect(first).resolves.toBe(2);
    expect(worker.questions.map((q) => q.request?.password)).toEqual(['first', 'third']);
    worker.score(4);
    await expect(third).resolves.toBe(4);
  });

  it('never drops a scorer being built for a judgement', async () => {
    const { judge, workers } = judgeWith();
    const busy = judge.judge(request('busy'));
    const ready = judge.prepare('de');
    const later = judge.judge(request('later'));
    const worker = workers[0] as FakeWorker;
    worker.score(0);
    await busy;
    expect(worker.questions.at(-1)).toEqual({ id: 2, language: 'de' });
    worker.score(null);
    await expect(ready).resolves.toBeUndefined();
    worker.score(3);
    await expect(later).resolves.toBe(3);
  });

  it('ignores an answer to a question it did not ask last', async () => {
    const { judge, workers } = judgeWith();
    const scored = judge.judge(request('asked'));
    const worker = workers[0] as FakeWorker;
    worker.answer({ id: 99, score: 4 });
    let settled = false;
    scored.then(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    worker.score(1);
    await expect(scored).resolves.toBe(1);
  });

  it('refuses a judgement the worker could not make', async () => {
    const { judge, workers } = judgeWith();
    const scored = judge.judge(request('broken'));
    const worker = workers[0] as FakeWorker;
    worker.answer({ id: worker.questions[0]?.id ?? 0, failed: true });
    await expect(scored).rejects.toThrow('The strength worker failed');
  });

  it('refuses everything when the worker cannot be loaded, and starts a fresh one at the next ask', async () => {
    const { judge, workers } = judgeWith();
    const ready = judge.prepare('en');
    const scored = judge.judge(request('waiting'));
    const broken = workers[0] as FakeWorker;
    broken.fail();
    await expect(ready).rejects.toThrow('could not be loaded');
    await expect(scored).rejects.toThrow('could not be loaded');
    expect(broken.terminated).toBe(true);

    const again = judge.prepare('en');
    expect(again).not.toBe(ready);
    expect(workers).toHaveLength(2);
    workers[1]?.score(null);
    await expect(again).resolves.toBeUndefined();
  });
});

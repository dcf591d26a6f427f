/**
 * The judge's bounds as an attacker meets them: a judgement past its deadline is cut short (its thread replaced,
 * the answer "no judgement") and the next one is judged again; a full queue answers at once; close() ends the thread.
 * The hostile input takes about a second on a quiet machine and several under load, so near the production deadline
 * either way: the overrun is tested under a deadline it always passes, and the queue with inputs that never overrun.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '../../api/contract/limits';
import { STRENGTH_DEADLINE_MS, StrengthJudge } from './judge';

/** zxcvbn takes seconds on this at the form's maximum length (docs/decisions.md). */
const HOSTILE = '12/05/1987'.repeat(13).slice(0, PASSWORD_MAX);
/** Starting to answer after the deadline: the time to end the thread and hand the answer back. */
const MARGIN_MS = 750;
/** A deadline the hostile input always passes (it takes 0.7-5 s) and a cheap password never does (2-10 ms). */
const SHORT_DEADLINE_MS = 200;
const plain = (password: string) => ({ password, language: 'en' as const, userInputs: [] });

describe('StrengthJudge', () => {
  let judge: StrengthJudge;
  beforeAll(async () => {
    judge = new StrengthJudge();
    // The thread's start (building dictionaries) is not part of any deadline.
    expect((await judge.judge(plain('password'))).score).toBe(0);
  });
  afterAll(() => judge.close());

  it('answers no judgement once a judgement passes its deadline, then judges the next one', async () => {
    const hurried = new StrengthJudge({ deadlineMs: SHORT_DEADLINE_MS });
    try {
      await hurried.judge(plain('warm'));
      const started = performance.now();
      const outcome = await hurried.judge(plain(HOSTILE));
      const elapsed = performance.now() - started;
      expect(outcome).toMatchObject({ score: null, overran: true });
      expect(elapsed).toBeGreaterThanOrEqual(SHORT_DEADLINE_MS - 5);
      expect(elapsed).toBeLessThan(SHORT_DEADLINE_MS + MARGIN_MS);
      // A new thread: its start is waited for, then the judgement is as before.
      expect(await hurried.judge(plain('password'))).toMatchObject({ score: 0, overran: false });
    } finally {
      await hurried.close();
    }
  }, 30_000);

  it('judges under the production deadline what the form sends', async () => {
    expect(STRENGTH_DEADLINE_MS).toBeGreaterThan(SHORT_DEADLINE_MS);
    expect(await judge.judge(plain('correct horse battery staple'))).toMatchObject({
      score: 4,
      overran: false,
    });
  }, 30_000);

  it('answers no judgement at once when the queue is full, and judges those it took', async () => {
    const small = new StrengthJudge({ queueMax: 1 });
    try {
      await small.judge(plain('warm'));
      // The first is handed to the thread at once, the second waits: the third finds the queue full.
      const running = small.judge(plain('correct horse battery staple'));
      const waiting = small.judge(plain('password'));
      expect(await small.judge(plain('dragon'))).toEqual({ score: null, spentMs: 0, overran: false });
      expect((await running).score).toBe(4);
      expect((await waiting).score).toBe(0);
    } finally {
      await small.close();
    }
  }, 30_000);

  it('drops a waiting judgement whose caller went away', async () => {
    const running = judge.judge(plain('p@ssw0rd'.repeat(4)));
    const gone = new AbortController();
    const dropped = judge.judge(plain('letmein'), gone.signal);
    gone.abort();
    await running;
    expect(await dropped).toEqual({ score: null, spentMs: 0, overran: false });
  }, 30_000);

  it('answers no judgement once closed, without starting a thread', async () => {
    const closed = new StrengthJudge();
    await closed.close();
    expect((await closed.judge(plain('password'))).score).toBeNull();
  });
});

/** The frame's stand-in judge: its code loads at the first ask, once; a failed load refuses and the next ask loads again. */
import { describe, expect, it, vi } from 'vitest';
import { lazyStrengthJudge, type StrengthJudge } from './strengthJudge';

const loadedJudge: StrengthJudge = { prepare: async () => {}, judge: async () => 3 };
const request = { password: 'abcdefgh', language: 'en' as const, userInputs: [] };

describe('lazyStrengthJudge', () => {
  it('loads nothing until asked, then once for every ask', async () => {
    const load = vi.fn(async () => loadedJudge);
    const judge = lazyStrengthJudge(load);
    expect(load).not.toHaveBeenCalled();
    await judge.prepare('en');
    await expect(judge.judge(request)).resolves.toBe(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses when its code cannot be loaded, and loads again at the next ask', async () => {
    const load = vi.fn<() => Promise<StrengthJudge>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(loadedJudge);
    const judge = lazyStrengthJudge(load);
    await expect(judge.prepare('en')).rejects.toThrow('offline');
    await expect(judge.judge(request)).resolves.toBe(3);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

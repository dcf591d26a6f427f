import { describe, expect, it } from 'vitest';
import { oneAtATime } from './oneAtATime';

/** A work that records when it starts and ends, and ends when told. */
const tracked = (log: string[], name: string) => {
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    end,
    work: async () => {
      log.push(`${name} start`);
      await ended;
      log.push(`${name} end`);
      return name;
    },
  };
};

describe('oneAtATime', () => {
  it('runs the works of one key one after another, in order, and those of other keys meanwhile', async () => {
    const run = oneAtATime();
    const log: string[] = [];
    const a1 = tracked(log, 'a1');
    const a2 = tracked(log, 'a2');
    const b1 = tracked(log, 'b1');
    const first = run('a', a1.work);
    const second = run('a', a2.work);
    const other = run('b', b1.work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a1 start', 'b1 start']);
    a2.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a1 start', 'b1 start']);
    a1.end();
    b1.end();
    expect(await Promise.all([first, second, other])).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
  });

  it('lets the next work run after one that failed, and passes the failure to its caller', async () => {
    const run = oneAtATime();
    const failed = run('a', async () => {
      throw new Error('no');
    });
    const next = run('a', async () => 'ran');
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('ran');
  });
});

/**
 * The fifty passwords of strengthFixture.ts keep their scores in the scorer the strength worker runs
 * (strengthWorker.ts builds it with loadScorer and nothing else).
 */
import { describe, expect, it } from 'vitest';
import { STRENGTH_FIXTURE } from './strengthFixture';
import { loadScorer } from './strengthScorer';

describe('the strength scores of the fixed fifty passwords', () => {
  it('holds fifty different passwords', () => {
    expect(new Set(STRENGTH_FIXTURE.map(([password]) => password)).size).toBe(50);
  });

  it.each(['en', 'de'] as const)('scores each as before in %s', async (language) => {
    const score = await loadScorer(language);
    const column = language === 'en' ? 1 : 2;
    expect(STRENGTH_FIXTURE.map(([password]) => [password, score(password, [])])).toEqual(
      STRENGTH_FIXTURE.map((row) => [row[0], row[column]]),
    );
  }, 60_000);

  it('treats the given user inputs as known words', async () => {
    const score = await loadScorer('en');
    expect(score('zorblaxquent', ['zorblaxquent'])).toBeLessThan(score('zorblaxquent', []));
  });
});

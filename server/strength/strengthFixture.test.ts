import { afterAll, describe, expect, it } from 'vitest';
import { StrengthJudge } from './judge';
import { STRENGTH_FIXTURE } from './strengthFixture';

// The judge as the server runs it: its worker thread, its production deadline and queue.
const judge = new StrengthJudge();
afterAll(() => judge.close());

describe('the strength scores of the fixed fifty passwords', () => {
  it('holds fifty different passwords', () => {
    expect(new Set(STRENGTH_FIXTURE.map(([password]) => password)).size).toBe(50);
  });

  it.each(['en', 'de'] as const)('scores each as before in %s', async (language) => {
    const column = language === 'en' ? 1 : 2;
    const actual = [];
    for (const [password] of STRENGTH_FIXTURE) {
      const { score } = await judge.judge({ password, language, userInputs: [] });
      actual.push([password, score]);
    }
    expect(actual).toEqual(STRENGTH_FIXTURE.map((row) => [row[0], row[column]]));
  }, 60_000);
});

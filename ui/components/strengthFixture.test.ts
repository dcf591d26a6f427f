import { describe, expect, it } from 'vitest';
import { loadZxcvbn } from './loadZxcvbn';
import { STRENGTH_FIXTURE } from './strengthFixture';

describe('the strength scores of the fixed fifty passwords', () => {
  it('holds fifty different passwords', () => {
    expect(new Set(STRENGTH_FIXTURE.map(([password]) => password)).size).toBe(50);
  });

  it.each(['en', 'de'] as const)('scores each as before in %s', async (language) => {
    const score = await loadZxcvbn(language);
    const column = language === 'en' ? 1 : 2;
    const actual = STRENGTH_FIXTURE.map((row) => [row[0], score(row[0])]);
    expect(actual).toEqual(STRENGTH_FIXTURE.map((row) => [row[0], row[column]]));
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { strengthPercent, strengthTone } from './passwordStrength';

describe('strengthPercent (spec 5: 25 x (score + 1), clamped, 0 when empty)', () => {
  it.each([
    { score: 0, value: '', percent: 0 },
    { score: 4, value: '', percent: 0 },
    { score: 0, value: 'a', percent: 25 },
    { score: 1, value: 'ab', percent: 50 },
    { score: 2, value: 'abc', percent: 75 },
    { score: 3, value: 'abcd', percent: 100 },
    { score: 4, value: 'abcde', percent: 100 },
    { score: -3, value: 'x', percent: 0 },
  ])('score $score with "$value" -> $percent%', ({ score, value, percent }) => {
    expect(strengthPercent(score, value)).toBe(percent);
  });
});

describe('strengthTone (spec 5: red 0, orange 1-2, green 3+)', () => {
  it.each([
    { score: 0, tone: 'weak' },
    { score: 1, tone: 'fair' },
    { score: 2, tone: 'fair' },
    { score: 3, tone: 'strong' },
    { score: 4, tone: 'strong' },
  ] as const)('score $score -> $tone', ({ score, tone }) => {
    expect(strengthTone(score)).toBe(tone);
  });
});

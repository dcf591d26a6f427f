/**
 * Spec 5 strength bar rule: zxcvbn score 0-4, percent = 25 x (score + 1) clamped to 0..100, 0 for an
 * empty password; red for 0, orange for 1-2, green for 3 and above.
 */
export type StrengthTone = 'weak' | 'fair' | 'strong';

const PERCENT_PER_SCORE = 25;

export function strengthPercent(score: number, value: string): number {
  if (value.length === 0) return 0;
  return Math.min(100, Math.max(0, PERCENT_PER_SCORE * (score + 1)));
}

export function strengthTone(score: number): StrengthTone {
  if (score >= 3) return 'strong';
  if (score >= 1) return 'fair';
  return 'weak';
}

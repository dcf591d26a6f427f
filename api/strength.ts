/**
 * POST /api/password_strength (docs/decisions.md: The strength bar is judged by the server): the strength score the
 * bar shows, judged by the server. null is "no judgement": the server's answer when it was busy or past its
 * deadline, and this function's answer when the call failed (offline, rate limited, cancelled), so the bar stays
 * empty and nothing else in the form changes.
 */
import { callApi } from './client';
import { PasswordStrengthAnswerWire, type PasswordStrengthRequest } from './contract';

export const judgePasswordStrength = async (
  request: PasswordStrengthRequest,
  signal?: AbortSignal,
): Promise<number | null> => {
  try {
    const { score } = await callApi(
      'judgePasswordStrength',
      { json: request, ...(signal ? { signal } : {}) },
      PasswordStrengthAnswerWire,
    );
    return score;
  } catch {
    return null;
  }
};

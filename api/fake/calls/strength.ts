/**
 * POST /api/password_strength in the fake: no dictionaries (they are what the server judge keeps out of the
 * browser), so a stand-in score by length and kinds of characters, enough to watch the bar move in fake mode. The
 * real scores come from the reference server (server/strength/).
 */
import { PasswordStrengthRequestWire, STRENGTH_SCORE_MAX } from '../../contract';
import type { FakeResolvers } from '../context';
import { json, parse } from '../reply';

const KINDS = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/];

export const strengthResolvers: FakeResolvers<'judgePasswordStrength'> = {
  judgePasswordStrength: async (call) => {
    const { password } = parse(PasswordStrengthRequestWire, call.body);
    const kinds = KINDS.filter((kind) => kind.test(password)).length;
    return json({ score: Math.min(STRENGTH_SCORE_MAX, Math.floor((password.length * kinds) / 12)) });
  },
};

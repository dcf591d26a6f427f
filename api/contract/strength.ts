/**
 * POST /api/password_strength (ours: docs/decisions.md: The strength bar is judged by the server): the spec 5
 * strength score of a password being typed, judged by the server's zxcvbn so the browser downloads no dictionary.
 * The answer is a score 0..4, or null for "no judgement" (the judge was busy or ran past its deadline): the bar then
 * stays empty, as it does when the call fails.
 */
import * as v from 'valibot';
import { VALIDATION_CODES } from './common';
import { PASSWORD_MAX, USER_LIMITS } from './limits';

const C = VALIDATION_CODES;

/** The dictionaries the judge knows: German adds its own to the English one (Germans type English words too). */
export const STRENGTH_LANGUAGES = ['en', 'de'] as const;
export type StrengthLanguage = (typeof STRENGTH_LANGUAGES)[number];

/** The words a form treats as guessable (today the e-mail and the screen name): a few, each as long as an e-mail. */
export const STRENGTH_USER_INPUTS_MAX = 8;
export const STRENGTH_USER_INPUT_MAX_LENGTH = USER_LIMITS.email;

/** spec 5 strength bar: zxcvbn's score, 0 (guessable) .. 4 (very unguessable). */
export const STRENGTH_SCORE_MAX = 4;

export const PasswordStrengthRequestWire = v.object({
  /** Not trimmed: the judgement is of exactly what was typed. Bounded by the form's own maximum. */
  password: v.pipe(v.string(C.required), v.maxLength(PASSWORD_MAX, C.max)),
  language: v.picklist(STRENGTH_LANGUAGES, C.type),
  userInputs: v.pipe(
    v.array(v.pipe(v.string(C.type), v.maxLength(STRENGTH_USER_INPUT_MAX_LENGTH, C.max)), C.type),
    v.maxLength(STRENGTH_USER_INPUTS_MAX, C.max),
  ),
});
export type PasswordStrengthRequest = v.InferOutput<typeof PasswordStrengthRequestWire>;

export const PasswordStrengthAnswerWire = v.object({
  score: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(STRENGTH_SCORE_MAX))),
});

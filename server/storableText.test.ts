import { describe, expect, it } from 'vitest';
import { ApiProblem } from './http/problem';
import { storableOnly } from './storableText';

describe('storableOnly', () => {
  it('passes values without NUL or lone surrogates through unchanged', () => {
    const value = { a: 'text', b: [1, 'two', { c: null }], d: true };
    expect(storableOnly(value)).toBe(value);
  });

  it('passes paired surrogates (an emoji) and refuses lone ones at their path', () => {
    expect(storableOnly({ bio: 'ok \ud83d\ude00' })).toEqual({ bio: 'ok \ud83d\ude00' });
    for (const lone of ['\ud800', 'a\udfffb', '\ude00\ud83d', 'end\ud83d'])
      expect(() => storableOnly({ location: { city: lone } }), JSON.stringify(lone)).toThrow(ApiProblem);
  });

  it('answers a FieldValidationError at the first string holding a NUL, however deep', () => {
    const attempt = () => storableOnly({ ok: 'x', location: { city: ['fine', 'bad\u0000'] } });
    expect(attempt).toThrow(ApiProblem);
    try {
      attempt();
    } catch (error) {
      expect((error as ApiProblem).status).toBe(400);
      expect((error as ApiProblem).body).toEqual({
        name: 'FieldValidationError',
        errors: [{ code: 'any.invalid', message: 'any.invalid', path: 'location.city.1' }],
      });
    }
  });
});

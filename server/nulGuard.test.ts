import { describe, expect, it } from 'vitest';
import { ApiProblem } from './http/problem';
import { withoutNul } from './nulGuard';

describe('withoutNul', () => {
  it('passes values without NUL through unchanged', () => {
    const value = { a: 'text', b: [1, 'two', { c: null }], d: true };
    expect(withoutNul(value)).toBe(value);
  });

  it('answers a FieldValidationError at the first string holding a NUL, however deep', () => {
    const attempt = () => withoutNul({ ok: 'x', location: { city: ['fine', 'bad\u0000'] } });
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

/**
 * Postgres `text` cannot hold U+0000 (PGlite neither), so a NUL in a request string reached the driver as
 * "invalid byte sequence for encoding UTF8" and answered 500 (found by server/fuzzAll.test.ts). Request values
 * are refused with a FieldValidationError at the first string that contains one, before any query.
 * Depends on nothing but http/problem.ts, so http/validate.ts can call it for every request.
 */
import { VALIDATION_CODES } from '../api/contract/common';
import { fieldError } from './http/problem';

const pathOfNul = (value: unknown, path: string[]): string[] | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNul(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
};

/** The value itself, or a FieldValidationError (any.invalid) at the first string holding a NUL. */
export const withoutNul = <T>(value: T): T => {
  const path = pathOfNul(value, []);
  if (path) throw fieldError(path.join('.'), VALIDATION_CODES.type);
  return value;
};

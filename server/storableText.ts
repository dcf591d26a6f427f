/**
 * Text Postgres cannot store: U+0000 (`text` cannot hold it, PGlite neither) and a lone UTF-16 surrogate (JSON
 * allows "\ud800"; it has no UTF-8 form). Either reached the driver as "invalid byte sequence for encoding UTF8"
 * and answered 500. Request values are refused with a FieldValidationError at the first string holding one,
 * before any query. Depends on nothing but http/problem.ts, so http/validate.ts can call it for every request.
 */
import { VALIDATION_CODES } from '../api/contract/common';
import { fieldError } from './http/problem';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isStorable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

const pathOfUnstorable = (value: unknown, path: string[]): string[] | null => {
  if (typeof value === 'string') return isStorable(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfUnstorable(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
};

/** The value itself, or a FieldValidationError (any.invalid) at the first string Postgres could not store. */
export const storableOnly = <T>(value: T): T => {
  const path = pathOfUnstorable(value, []);
  if (path) throw fieldError(path.join('.'), VALIDATION_CODES.type);
  return value;
};

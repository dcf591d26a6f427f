/**
 * Valibot issues <-> field errors. One translation for everybody: the server turns a failed request into a
 * FieldValidationError body, forms and machines turn a failed form into FieldError[] (domain names).
 */
import * as v from 'valibot';
import type { FieldError } from './errorCodes';
import { FIELD_VALIDATION_ERROR, type FieldValidationErrorWire } from './errorShapes';

/** Our schemas use validation codes as messages (common.ts); a valibot default message becomes 'any.invalid'. */
const codeOf = (issue: v.BaseIssue<unknown>): string =>
  /^[a-z]+\.[a-zA-Z.]+$/.test(issue.message) ? issue.message : 'any.invalid';

const pathOf = (issue: v.BaseIssue<unknown>): string => v.getDotPath(issue) ?? '';

/** Field errors of a value against a form schema ([] when valid). Field names are the schema's keys. */
export const formErrors = (schema: v.GenericSchema, value: unknown): FieldError[] => {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return [];
  return result.issues.map((issue) => ({
    field: pathOf(issue),
    code: codeOf(issue),
    message: codeOf(issue),
  }));
};

/** True when the value passes the schema; handy for guards (`isSixDigits` = isValid(OtpForm, ...)). */
export const isValid = (schema: v.GenericSchema, value: unknown): boolean =>
  v.safeParse(schema, value).success;

/** The spec 8 body for a request that failed a wire schema. Never echoes the input (passwords!). */
export const toFieldValidationErrorWire = (
  issues: readonly v.BaseIssue<unknown>[],
): FieldValidationErrorWire => ({
  name: FIELD_VALIDATION_ERROR,
  errors: issues.map((issue) => ({ code: codeOf(issue), message: codeOf(issue), path: pathOf(issue) })),
});

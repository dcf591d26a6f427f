import { type ApiFailure, ERROR_CODES, type ErrorCode, type FieldError } from '../../api/contract/errorCodes';

/**
 * The form kit's one refusal shape (docs/decisions/conventions.md 'One form kit'): a machine's last spec 8 refusal, its code,
 * the field it is shown under (undefined: a form error, shown by the frame) and the facts its failure carried
 * (ApiFailure.details, e.g. the clock drift in minutes).
 */
export interface Refusal {
  code: ErrorCode;
  field?: string;
  details?: Record<string, unknown>;
}

/** A form's errors by field: a spec 5 validation code, or a spec 8 code a form keeps under a field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a refusal leaves in a form machine's context: the form error (or the placed one) and the field errors. */
export interface Shown<F extends string> {
  error: Refusal | undefined;
  fieldErrors: FieldErrors<F>;
}

/** Where a form shows refusals: its fields (in form order) and the spec 8 codes shown under one of them. */
export interface FormPlaces<F extends string> {
  fields: readonly F[];
  placed?: Partial<Record<ErrorCode, F>>;
}

/**
 * Where a one-field form shows every refusal: under that field, never as a form error (the two-factor code forms:
 * spec 8 puts each of their refusals under the code, whatever the code).
 */
export const everyRefusalUnder = <F extends string>(field: F): FormPlaces<F> => ({
  fields: [field],
  placed: Object.fromEntries(ERROR_CODES.map((code) => [code, field])),
});

/** spec 5: the first error of each field of the form, in the order they came; errors on other fields are dropped. */
export const firstErrorPerField = <F extends string>(
  errors: readonly Pick<FieldError, 'field' | 'code'>[],
  fields: readonly F[],
): FieldErrors<F> => {
  const found: FieldErrors<F> = {};
  for (const error of errors) {
    const field = fields.find((name) => name === error.field);
    if (field) found[field] ??= error.code;
  }
  return found;
};

/**
 * spec 8, a failure where there is no field to put it under (a page, a list, a banner): its code and facts. The
 * form-less case of `refusalFrom`, which builds its refusal with it.
 */
export const pageRefusal = (failure: Pick<ApiFailure, 'code' | 'details'>): Refusal => ({
  code: failure.code,
  ...(failure.details ? { details: failure.details } : {}),
});

/**
 * spec 8, the one way a failure is shown on a form: the field errors a server sent for fields of the form go under
 * them (and then the generic unknown_server_error behind them is not repeated as a form error); otherwise the code
 * is the refusal, under the field `placed` names when that field is on the form, else a form error.
 */
export const refusalFrom = <F extends string>(failure: ApiFailure, form: FormPlaces<F>): Shown<F> => {
  const fieldErrors = firstErrorPerField(failure.fieldErrors, form.fields);
  if (failure.code === 'unknown_server_error' && Object.keys(fieldErrors).length > 0)
    return { error: undefined, fieldErrors };
  const placed = form.placed?.[failure.code];
  const field = placed !== undefined && form.fields.includes(placed) ? placed : undefined;
  return { error: { ...pageRefusal(failure), ...(field ? { field } : {}) }, fieldErrors };
};

/**
 * For forms that keep a placed refusal as the field's own error (the sign-ups: the e-mail taken is the e-mail's
 * error, like a validation code): the refusal under its field moves into fieldErrors.
 */
export const placedAsFieldError = <F extends string>(shown: Shown<F>): Shown<F> => {
  const field = shown.error?.field as F | undefined;
  // A refusal with facts to tell (how often a breached password was seen) stays a refusal, said under its field.
  if (!shown.error || field === undefined || shown.error.details) return shown;
  return { error: undefined, fieldErrors: { ...shown.fieldErrors, [field]: shown.error.code } };
};

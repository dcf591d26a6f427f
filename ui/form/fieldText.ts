import type { I18n, MessageDescriptor } from '@lingui/core';
import { VALIDATION_CODES } from '../../api/contract/common';
import { isErrorCode } from '../../api/contract/errorCodes';
import { validationMessage } from '../../i18n/errorMessages';
import { failureText } from '../../i18n/failureText';
import type { Refusal } from '../../machines/form/refusal';

/**
 * What a field's spec 5 messages need to say more than the generic text: its limits ('Must be at least 5
 * characters.'), `invalid`, the field's own text for any code but 'required' ('Enter the 6 digits the app
 * shows.'), or `rule`, the field's own text for every validation code (a subdomain is told its rule, also when
 * empty: it follows a name the person may not have typed yet).
 */
export interface FieldRule {
  min?: number;
  max?: number;
  invalid?: MessageDescriptor;
  rule?: MessageDescriptor;
}

/** A form's field rules by field name; fields without an entry use the generic texts of i18n/errorMessages.ts. */
export type FieldRules = Readonly<Partial<Record<string, FieldRule>>>;

/** What a form machine's context holds for the kit: the field errors and the last refusal (machines/form). */
export interface FormErrors {
  fieldErrors: Readonly<Partial<Record<string, string | undefined>>>;
  error?: Refusal | undefined;
}

/** spec 8: the text of a refusal, with its facts filled in (a device's clock drift in minutes). */
export const refusalText = (i18n: I18n, refusal: Refusal): string =>
  failureText(i18n, refusal.code, refusal.details);

/** The text of one code under a field: a spec 8 code by its catalogue text, a spec 5 code by the field's rule. */
const codeText = (i18n: I18n, code: string, rule: FieldRule | undefined): string => {
  if (isErrorCode(code)) return failureText(i18n, code);
  if (rule?.rule) return i18n._(rule.rule);
  if (rule?.invalid && code !== VALIDATION_CODES.required) return i18n._(rule.invalid);
  const limit =
    code === VALIDATION_CODES.min ? rule?.min : code === VALIDATION_CODES.max ? rule?.max : undefined;
  return i18n._(validationMessage(code, limit));
};

/**
 * The form kit's one text under a field: the field's own error first (spec 5 validation code, or a spec 8 code the
 * form keeps there), else the refusal when spec 8 places it under this field; undefined when the field is fine.
 */
export function fieldText(
  i18n: I18n,
  field: string,
  form: FormErrors,
  rules: FieldRules = {},
): string | undefined {
  const code = form.fieldErrors[field];
  if (code) return codeText(i18n, code, rules[field]);
  if (form.error?.field === field) return refusalText(i18n, form.error);
  return undefined;
}

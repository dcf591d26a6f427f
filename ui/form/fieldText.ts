import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { VALIDATION_CODES } from '../../api/contract/common';
import { isErrorCode } from '../../api/contract/errorCodes';
import { validationMessage } from '../../i18n/errorMessages';
import { failureText } from '../../i18n/failureText';
import type { CeremonyRefusal, PasskeyCeremony, PasskeyRefusal } from '../../machines/form/ceremonyRefusal';
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

/** What a view says a refusal with: a spec 8 code's (machines/form/refusal) or a passkey ceremony's. */
export type ShownRefusal = Refusal | CeremonyRefusal;

/**
 * docs/decisions/security.md: Passkeys: why a passkey ceremony ended without a passkey, said for the ceremony it ended (what
 * the person can do next differs: log in with the password, keep the name, confirm with what was typed). A reason a
 * ceremony does not name is said as its `invalid`.
 */
const CEREMONY_TEXT: {
  readonly [C in PasskeyCeremony]: { invalid: MessageDescriptor } & Partial<
    Record<PasskeyRefusal, MessageDescriptor>
  >;
} = {
  signIn: {
    cancelled: msg`The passkey request was cancelled. You can try again or log in with your password.`,
    timedOut: msg`The passkey request timed out. Please try again.`,
    notSupported: msg`This browser or device cannot use a passkey here.`,
    invalid: msg`This passkey could not be checked. Please try again.`,
  },
  adding: {
    cancelled: msg`No passkey was added: the request was cancelled. You can try again.`,
    timedOut: msg`The passkey request timed out. Please try again.`,
    notSupported: msg`This browser or device cannot make a passkey here.`,
    alreadyRegistered: msg`This device already holds a passkey for your account.`,
    invalid: msg`The passkey could not be added. Please try again.`,
  },
  stepUp: {
    cancelled: msg`The passkey was not used. Try again, or confirm with what you typed.`,
    invalid: msg`This passkey could not confirm it's you. Try again, or confirm with what you typed.`,
  },
};

/** True for a refusal the form's frame says (a ceremony's, or a code spec 8 places under no field of the form). */
export const isFormError = (refusal: ShownRefusal): boolean =>
  'ceremony' in refusal || refusal.field === undefined;

/**
 * The form kit's one text of a refusal: a spec 8 code's with its facts filled in (a device's clock drift in
 * minutes), or a passkey ceremony's.
 */
export const refusalText = (i18n: I18n, refusal: ShownRefusal): string => {
  if (!('ceremony' in refusal)) return failureText(i18n, refusal.code, refusal.details);
  const texts = CEREMONY_TEXT[refusal.ceremony];
  return i18n._(texts[refusal.reason] ?? texts.invalid);
};

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

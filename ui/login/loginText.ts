import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { VALIDATION_CODES } from '../../api/contract/common';
import { OTP_LENGTH, RECOVERY_CODE_LENGTH } from '../../api/contract/limits';
import { validationMessage } from '../../i18n/errorMessages';
import { refusalText } from '../../i18n/failureText';
import type { LoginError, LoginField } from '../../machines/login/login.types';

/**
 * spec 5: the text of a validation code under a login field. The code fields say what a code looks like; the
 * others use the generic texts of i18n/errorMessages.ts.
 */
function validationDescriptor(field: LoginField, code: string): MessageDescriptor {
  if (code === VALIDATION_CODES.required) return validationMessage(code);
  if (field === 'otpCode') return msg`Enter the ${OTP_LENGTH} digits the app shows.`;
  if (field === 'recoveryOtpCode')
    return msg`A recovery code has ${RECOVERY_CODE_LENGTH} letters and digits.`;
  return validationMessage(code);
}

/** The error under a field: its validation code first, else a refusal spec 8 places there. */
export function fieldErrorText(
  i18n: I18n,
  field: LoginField,
  fieldErrors: Partial<Record<LoginField, string>>,
  error: LoginError | undefined,
): string | undefined {
  const code = fieldErrors[field];
  if (code) return i18n._(validationDescriptor(field, code));
  if (error?.field === field) return refusalText(i18n, error);
  return undefined;
}

import type { I18n } from '@lingui/core';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { NEW_PASSWORD_MIN } from '../../api/contract/limits';
import { ERROR_MESSAGES, validationMessage } from '../../i18n/errorMessages';

/**
 * The error under a field: its spec 5 validation code first (the new password's minimum filled in), else a
 * refusal spec 8 places under that field.
 */
export function fieldErrorText(
  i18n: I18n,
  validationCode: string | undefined,
  refusal: { code: ErrorCode; field?: string } | undefined,
  field: string,
): string | undefined {
  if (validationCode)
    return i18n._(validationMessage(validationCode, field === 'newPassword' ? NEW_PASSWORD_MIN : undefined));
  if (refusal?.field === field) return i18n._(ERROR_MESSAGES[refusal.code]);
  return undefined;
}

import type { I18n } from '@lingui/core';
import { VALIDATION_CODES } from '../../api/contract/common';
import { isErrorCode } from '../../api/contract/errorCodes';
import { SCREEN_NAME_MIN, USER_LIMITS } from '../../api/contract/limits';
import { validationMessage } from '../../i18n/errorMessages';
import { failureText } from '../../i18n/failureText';
import type { ProfileField } from '../../machines/profileEdit/profileEdit.types';

/** spec 5: the limit each profile field is held to (the contract's numbers), for its message. */
const limitOf = (field: ProfileField, code: string): number | undefined => {
  if (code === VALIDATION_CODES.min) return field === 'screenName' ? SCREEN_NAME_MIN : undefined;
  if (code !== VALIDATION_CODES.max) return undefined;
  switch (field) {
    case 'screenName':
      return USER_LIMITS.screenName;
    case 'phone':
      return USER_LIMITS.phone;
    case 'bio':
      return USER_LIMITS.bio;
    case 'position':
      return USER_LIMITS.position;
    case 'department':
      return USER_LIMITS.department;
    case 'location':
      return USER_LIMITS.address;
    default:
      return undefined;
  }
};

/**
 * The text under a profile field: a spec 5 code with the field's limit filled in ('Must be at most 25 characters.'),
 * string.phonenumber as 'Please enter a valid phone number' (spec 5), a spec 8 code by failureText.
 */
export function profileFieldText(
  i18n: I18n,
  field: ProfileField,
  code: string | undefined,
): string | undefined {
  if (!code) return undefined;
  if (isErrorCode(code)) return failureText(i18n, code);
  return i18n._(validationMessage(code, limitOf(field, code)));
}

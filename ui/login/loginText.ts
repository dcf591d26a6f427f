import { msg } from '@lingui/core/macro';
import { OTP_LENGTH, RECOVERY_CODE_LENGTH } from '../../api/contract/limits';
import type { FieldRules } from '../form/fieldText';

/**
 * spec 5: the code fields say what a code looks like (any code but 'required'); the other login fields use the
 * generic texts of i18n/errorMessages.ts.
 */
export const LOGIN_RULES: FieldRules = {
  otpCode: { invalid: msg`Enter the ${OTP_LENGTH} digits the app shows.` },
  recoveryOtpCode: { invalid: msg`A recovery code has ${RECOVERY_CODE_LENGTH} letters and digits.` },
};

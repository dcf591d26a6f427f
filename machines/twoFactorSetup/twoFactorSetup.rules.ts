/**
 * Pure rules of the two-factor setup, shared by the machine's guards and the view (the rule lives once).
 */
import * as v from 'valibot';
import { cleanCode, OtpInputSchema, RecoveryCodeInputSchema } from '../../api/contract/common';
import { SECRET_GROUP_SIZE } from '../../api/contract/limits';
import { everyRefusalUnder, type FormPlaces } from '../form/refusal';

/** spec 9: the secret is shown in groups of SECRET_GROUP_SIZE characters ('JBSWY3DP' -> ['JBS', 'WY3', 'DP']). */
export function groupSecret(secret: string, size: number = SECRET_GROUP_SIZE): string[] {
  const compact = secret.replace(/\s/g, '');
  const groups: string[] = [];
  for (let start = 0; start < compact.length; start += size) groups.push(compact.slice(start, start + size));
  return groups;
}

/** spec 5: exactly 6 digits once cleaned (OtpInputSchema of the contract). */
export const isCompleteOtp = (code: string): boolean => v.is(OtpInputSchema, code);

/** spec 5: a recovery code has the shape of one (6 characters once cleaned); whether it is one of ours is separate. */
export const isRecoveryCodeShaped = (code: string): boolean => v.is(RecoveryCodeInputSchema, code);

const WithRecoveryCodes = v.object({ recoveryCodes: v.array(v.string()) });

/**
 * The recovery codes a successful verify answered, if any. The verify result belongs to the caller (login answers
 * {redirectUrl, recoveryCodes}, the profile's enable call {recoveryCodes}); only this field is read here.
 */
export function recoveryCodesOf(result: unknown): string[] {
  return v.is(WithRecoveryCodes, result) ? result.recoveryCodes.filter((code) => code.length > 0) : [];
}

const comparable = (code: string) => cleanCode(code).toLowerCase();

/** docs/decisions/security.md: One-time and recovery codes: the typed code, cleaned and case-insensitive, is one of the codes shown. */
export const isSavedRecoveryCode = (typed: string, codes: readonly string[]): boolean =>
  typed.length > 0 && codes.some((code) => comparable(code) === comparable(typed));

/** The codes as a .txt file or clipboard text: one a line, ending with a newline. */
export const recoveryCodesText = (codes: readonly string[]): string => `${codes.join('\n')}\n`;

/** The name the recovery codes file is saved under. */
export const RECOVERY_CODES_FILENAME = 'recovery-codes.txt';

/**
 * spec 8: a refused VERIFY & SAVE stands under the code (step 3 has no form error), named as the context names it;
 * the form kit's refusalFrom reads it.
 */
export const TWO_FACTOR_SETUP_PLACES: FormPlaces<'code'> = everyRefusalUnder('code');

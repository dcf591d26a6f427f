import { NEW_PASSWORD_MIN } from '../../api/contract/limits';
import type { FieldRules } from '../form/fieldText';

/** spec 5: the new password's minimum, filled into its message. */
export const PASSWORD_RULES: FieldRules = { newPassword: { min: NEW_PASSWORD_MIN } };

import { PASSKEY_NAME_MAX } from '../../../api/contract/passkeys';
import type { FieldRules } from '../../form/fieldText';

/** docs/decisions/security.md Passkeys (Naming): the limits in the name's messages, when adding and renaming. */
export const PASSKEY_NAME_RULES: FieldRules = { name: { min: 1, max: PASSKEY_NAME_MAX } };

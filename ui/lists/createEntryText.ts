import { type EntryKind, nameMaxOf } from '../../api/contract/lists';
import { subdomainRuleMessage } from '../../i18n/errorMessages';
import type { FieldRules } from '../form/fieldText';

/**
 * The create form's field rules (the form kit's fieldText): a name too long says its limit; a subdomain that
 * breaks the rule is told the rule itself for every code, as the sign-ups' subdomains are (SIGN_UP_RULES).
 */
export const createEntryRules = (kind: EntryKind): FieldRules => ({
  name: { max: nameMaxOf(kind) },
  subdomain: { rule: subdomainRuleMessage(kind) },
});

import {
  CHANNEL_NAME_MAX,
  CHANNEL_NAME_MIN,
  SIGNUP_NAME_MAX,
  SIGNUP_NAME_MIN,
  SIGNUP_PASSWORD_MIN,
} from '../../api/contract/limits';
import { subdomainRuleMessage } from '../../i18n/errorMessages';
import type { FieldRules } from '../form/fieldText';

/**
 * spec 5 limits the sign-up messages fill in ('Must be at least 5 characters.', 'Must be at most 100
 * characters.'; docs/decisions/product.md: One name limit); a subdomain that breaks the rule is told the rule itself.
 */
export const SIGN_UP_RULES: FieldRules = {
  channelName: { min: CHANNEL_NAME_MIN, max: CHANNEL_NAME_MAX },
  channelSubdomain: { rule: subdomainRuleMessage('channel') },
  screenName: { min: SIGNUP_NAME_MIN, max: SIGNUP_NAME_MAX },
  password: { min: SIGNUP_PASSWORD_MIN },
};

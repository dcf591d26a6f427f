import type { I18n } from '@lingui/core';
import { VALIDATION_CODES } from '../../api/contract/common';
import { isErrorCode } from '../../api/contract/errorCodes';
import {
  CHANNEL_NAME_MAX,
  CHANNEL_NAME_MIN,
  CHANNEL_SUBDOMAIN_MIN,
  SIGNUP_NAME_MAX,
  SIGNUP_NAME_MIN,
  SIGNUP_PASSWORD_MIN,
} from '../../api/contract/limits';
import { subdomainRuleMessage, validationMessage } from '../../i18n/errorMessages';
import { failureText } from '../../i18n/failureText';

/** spec 5 minimums the sign-up messages fill in ('Must be at least 5 characters.'). */
const MINIMUMS: Record<string, number> = {
  channelName: CHANNEL_NAME_MIN,
  channelSubdomain: CHANNEL_SUBDOMAIN_MIN,
  screenName: SIGNUP_NAME_MIN,
  password: SIGNUP_PASSWORD_MIN,
};

/** spec 5 maximums ('Must be at most 100 characters.'; docs/decisions.md: One name limit). */
const MAXIMUMS: Record<string, number> = {
  channelName: CHANNEL_NAME_MAX,
  screenName: SIGNUP_NAME_MAX,
};

/**
 * The text under a sign-up field: a spec 8 code (e-mail taken, subdomain taken or malformed) by failureText, a
 * spec 5 validation code by its message with the field's minimum filled in.
 */
export function signUpFieldText(i18n: I18n, code: string | undefined, field: string): string | undefined {
  if (!code) return undefined;
  if (isErrorCode(code)) return failureText(i18n, code);
  // spec 5: a subdomain that breaks the rule is told the rule itself.
  if (field === 'channelSubdomain') return i18n._(subdomainRuleMessage('channel'));
  const limit =
    code === VALIDATION_CODES.min
      ? MINIMUMS[field]
      : code === VALIDATION_CODES.max
        ? MAXIMUMS[field]
        : undefined;
  return i18n._(validationMessage(code, limit));
}

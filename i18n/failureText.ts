import type { I18n } from '@lingui/core';
import type { ErrorCode } from '../api/contract/errorCodes';
import { ADDRESS_MESSAGES, clockDriftValues, ERROR_MESSAGES } from './errorMessages';

/**
 * The message of a catalogue code, filled with the facts its failure carried (ApiFailure.details): a device whose
 * clock is off reads by how many minutes, ahead or behind alike (clockDriftValues); a company-id refusal that names
 * the address holding the employee's registration says it (ADDRESS_MESSAGES); a breached password says how often it
 * was seen.
 */
export function failureText(i18n: I18n, code: ErrorCode, details?: Record<string, unknown>): string {
  const descriptor = ERROR_MESSAGES[code];
  const email = details?.email;
  const withAddress = ADDRESS_MESSAGES[code];
  if (withAddress && typeof email === 'string') {
    const named = { ...withAddress, values: { email } };
    return i18n._(named);
  }
  // How often a breached password was seen (password_breached_error).
  const count = details?.count;
  if (typeof count === 'number') {
    const counted = { ...descriptor, values: { count } };
    return i18n._(counted);
  }
  const minutes = details?.minutes;
  if (typeof minutes !== 'number') return i18n._(descriptor);
  // Built apart from the call: Lingui's extractor reads object literals passed to i18n._ as message definitions.
  const withValues = { ...descriptor, values: clockDriftValues(minutes) };
  return i18n._(withValues);
}

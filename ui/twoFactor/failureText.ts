import type { I18n } from '@lingui/core';
import type { ErrorCode } from '../../api/contract/errorCodes';
import { ERROR_MESSAGES } from '../../i18n/errorMessages';

/**
 * The message of a catalogue code, filled with the facts its failure carried (ApiFailure.details). A message
 * that names a detail as a placeholder shows it, e.g. `{clockDriftMinutes, plural, ...}` for a code from a
 * device whose clock is off; messages without placeholders ignore the details.
 */
export function failureText(i18n: I18n, code: ErrorCode, details?: Record<string, unknown>): string {
  const descriptor = ERROR_MESSAGES[code];
  return i18n._({ ...descriptor, values: { ...descriptor.values, ...details } });
}

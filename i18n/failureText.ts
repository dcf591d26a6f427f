import type { I18n } from '@lingui/core';
import type { ErrorCode } from '../api/contract/errorCodes';
import { clockDriftValues, ERROR_MESSAGES } from './errorMessages';

/**
 * The message of a catalogue code, filled with the facts its failure carried (ApiFailure.details): a device whose
 * clock is off reads by how many minutes, ahead or behind alike (clockDriftValues).
 */
export function failureText(i18n: I18n, code: ErrorCode, details?: Record<string, unknown>): string {
  const descriptor = ERROR_MESSAGES[code];
  const minutes = details?.minutes;
  if (typeof minutes !== 'number') return i18n._(descriptor);
  // Built apart from the call: Lingui's extractor reads object literals passed to i18n._ as message definitions.
  const withValues = { ...descriptor, values: clockDriftValues(minutes) };
  return i18n._(withValues);
}

/** A machine's last refusal as every form shows it (spec 8): its code, the field it belongs to, its facts. */
export interface FormRefusal {
  code: ErrorCode;
  /** Under this field (the field shows it); undefined: a form error, shown by the frame. */
  field?: string;
  /** auth_otp_clock_drift_error: how far the device clock is off, in minutes (+ ahead, - behind). */
  clockDriftMinutes?: number;
}

/** spec 8: the text of a refusal, with the minutes filled in for a device whose clock is off. */
export const refusalText = (i18n: I18n, refusal: FormRefusal): string =>
  failureText(
    i18n,
    refusal.code,
    refusal.clockDriftMinutes === undefined ? undefined : { minutes: refusal.clockDriftMinutes },
  );

import type { I18n } from '@lingui/core';
import { VALIDATION_CODES } from '../../api/contract/common';
import {
  COMPANY_ID_MAX,
  COMPANY_ID_MIN,
  LAST_NAME_MAX,
  LAST_NAME_MIN,
  START_SUBDOMAIN_MAX,
  START_SUBDOMAIN_MIN,
} from '../../api/contract/limits';
import { validationMessage } from '../../i18n/errorMessages';
import { failureText } from '../../i18n/failureText';
import type { StartRefusal } from '../../machines/startByCompanyId/startByCompanyId.types';

/** spec 5 Start: each text field's limits, so a too-short or too-long value says by how much. */
const LIMITS: Record<string, readonly [number, number]> = {
  organisationSubdomain: [START_SUBDOMAIN_MIN, START_SUBDOMAIN_MAX],
  userLastName: [LAST_NAME_MIN, LAST_NAME_MAX],
  userCompanyId: [COMPANY_ID_MIN, COMPANY_ID_MAX],
};

/** The error under a field: its spec 5 validation code first, else a refusal spec 8 places under that field. */
export function startFieldError(
  i18n: I18n,
  validationCode: string | undefined,
  refusal: StartRefusal | undefined,
  field: string,
): string | undefined {
  if (validationCode) {
    const limits = LIMITS[field];
    const limit =
      validationCode === VALIDATION_CODES.min
        ? limits?.[0]
        : validationCode === VALIDATION_CODES.max
          ? limits?.[1]
          : undefined;
    return i18n._(validationMessage(validationCode, limit));
  }
  if (refusal?.field === field) return failureText(i18n, refusal.code);
  return undefined;
}

import {
  COMPANY_ID_MAX,
  COMPANY_ID_MIN,
  LAST_NAME_MAX,
  LAST_NAME_MIN,
  START_SUBDOMAIN_MAX,
  START_SUBDOMAIN_MIN,
} from '../../api/contract/limits';
import type { FieldRules } from '../form/fieldText';

/** spec 5 Start: each text field's limits, so a too-short or too-long value says by how much. */
export const START_RULES: FieldRules = {
  organisationSubdomain: { min: START_SUBDOMAIN_MIN, max: START_SUBDOMAIN_MAX },
  userLastName: { min: LAST_NAME_MIN, max: LAST_NAME_MAX },
  userCompanyId: { min: COMPANY_ID_MIN, max: COMPANY_ID_MAX },
};

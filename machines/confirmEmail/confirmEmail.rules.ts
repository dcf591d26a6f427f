import { COMPANY_PAGE_ORGANISATIONS } from '../../api/contract/limits';
import type { ConfirmResult } from '../../api/contract/registration';
import type { ConfirmationMessage } from './confirmEmail.types';

const isCompanyPageOrganisation = (
  subdomain: string,
): subdomain is (typeof COMPANY_PAGE_ORGANISATIONS)[number] =>
  (COMPANY_PAGE_ORGANISATIONS as readonly string[]).includes(subdomain);

/** spec 2 Confirm: the message for a confirmation result (subdomains compared case-insensitively). */
export function confirmationMessageOf(result: ConfirmResult): ConfirmationMessage {
  if (result.boardingMethod !== 'companyId') return 'email';
  const subdomain = result.organisationSubdomain?.trim().toLowerCase() ?? '';
  return isCompanyPageOrganisation(subdomain) ? subdomain : 'companyDefault';
}

/** A usable token: present and not blank (the route's search schema already trims; this does not rely on it). */
export const hasUsableToken = (token: string | undefined): token is string =>
  token !== undefined && token.trim() !== '';

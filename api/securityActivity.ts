/**
 * The account's recent security activity (docs/decisions/security.md: Security activity). Domain in, domain out;
 * failures reject with ApiError (api/errors.ts).
 */
import { callApi } from './client';
import { AccountExportWire, SecurityActivityAnswerWire } from './contract';

/** One page (1-based) of the account's sign-ins and security changes, newest first. */
export const getSecurityActivity = async (input: { page: number }): Promise<SecurityActivityAnswerWire> =>
  callApi('getSecurityActivity', { searchParams: { page: String(input.page) } }, SecurityActivityAnswerWire);

/**
 * POST /api/me/export (docs/decisions/security.md: Your data to take away): what the account holds, as the JSON the
 * server attaches; a 403 step_up_required_error when this session has not proved itself in the last 10 minutes.
 */
export const exportAccountData = async (): Promise<AccountExportWire> =>
  callApi('exportAccountData', {}, AccountExportWire);

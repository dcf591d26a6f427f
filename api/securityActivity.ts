/**
 * The account's recent security activity (docs/decisions/security.md: Security activity). Domain in, domain out;
 * failures reject with ApiError (api/errors.ts).
 */
import { callApi } from './client';
import { SecurityActivityAnswerWire } from './contract';

/** One page (1-based) of the account's sign-ins and security changes, newest first. */
export const getSecurityActivity = async (input: { page: number }): Promise<SecurityActivityAnswerWire> =>
  callApi('getSecurityActivity', { searchParams: { page: String(input.page) } }, SecurityActivityAnswerWire);

/** Registration calls (spec 7): invitation, curator, start by company id, company pages, e-mail confirmation. */
import { callApi } from './client';
import {
  type CheckCompanyIdInput,
  type CheckCompanyPageInput,
  CheckInviteAnswerWire,
  type CheckInviteInput,
  type CompanyCheck,
  CompanyCheckAnswerWire,
  ConfirmAnswerWire,
  type ConfirmEmailInput,
  type ConfirmResult,
  fromCheckInviteAnswerWire,
  fromCompanyCheckAnswerWire,
  fromConfirmAnswerWire,
  fromRegisterAnswerWire,
  type InviteInfo,
  RegisterAnswerWire,
  type RegisterCompanyPageInput,
  type RegisterCuratorInput,
  type RegisterInviteInput,
  type RegisterResult,
  toCompanyIdRequestWire,
  toCompanyPageCheckRequestWire,
  toCompanyPageRegisterRequestWire,
  toCuratorRegisterRequestWire,
  toInviteRegisterRequestWire,
} from './contract';
import { ApiError, failure } from './errors';

/** spec 2 Register: no token or no invite info in the answer means the invalid-token page. */
export const checkInvite = async (input: CheckInviteInput): Promise<InviteInfo> => {
  if (!input.token.trim()) throw new ApiError(failure('invite_token_invalid_error'));
  const answer = await callApi(
    'checkInvite',
    { searchParams: { token: input.token } },
    CheckInviteAnswerWire,
  );
  const info = fromCheckInviteAnswerWire(answer);
  if (!info) throw new ApiError(failure('invite_token_invalid_error'));
  return info;
};

export const registerCurator = async (input: RegisterCuratorInput): Promise<RegisterResult> =>
  fromRegisterAnswerWire(
    await callApi('registerCurator', { json: toCuratorRegisterRequestWire(input) }, RegisterAnswerWire),
  );

/** May fail with two_factor_auth_is_not_setup_error carrying the setup payload (failure.twoFactorSetup). */
export const registerInvite = async (input: RegisterInviteInput): Promise<RegisterResult> =>
  fromRegisterAnswerWire(
    await callApi('registerInvite', { json: toInviteRegisterRequestWire(input) }, RegisterAnswerWire),
  );

/**
 * The start stepper: step organisationSubdomain, companyId, then all (registers and mails a confirmation). Each
 * answers the organisation's terms checkbox.
 */
export const checkCompanyId = async (input: CheckCompanyIdInput): Promise<CompanyCheck> =>
  fromCompanyCheckAnswerWire(
    await callApi('checkCompanyId', { json: toCompanyIdRequestWire(input) }, CompanyCheckAnswerWire),
  );

/** The company pages' step 1; answers the organisation's terms checkbox. */
export const checkCompanyPage = async (input: CheckCompanyPageInput): Promise<CompanyCheck> =>
  fromCompanyCheckAnswerWire(
    await callApi('checkCompanyPage', { json: toCompanyPageCheckRequestWire(input) }, CompanyCheckAnswerWire),
  );

export const registerCompanyPage = async (input: RegisterCompanyPageInput): Promise<void> =>
  callApi('registerCompanyPage', { json: toCompanyPageRegisterRequestWire(input) });

/** spec 8: confirm without token or on failure means unknown error (unless the server names the code). */
export const confirmEmail = async (input: ConfirmEmailInput): Promise<ConfirmResult> => {
  if (!input.token.trim()) throw new ApiError(failure('unknown_server_error'));
  return fromConfirmAnswerWire(
    await callApi('confirmEmail', { searchParams: { token: input.token } }, ConfirmAnswerWire),
  );
};

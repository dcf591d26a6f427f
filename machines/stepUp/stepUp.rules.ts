/** The stepUp flow's rules (machines/form/README.md: File roles). */
import * as v from 'valibot';
import { cleanCode } from '../../api/contract/common';
import type { ApiFailure } from '../../api/contract/errorCodes';
import { StepUpCodeForm, type StepUpInput, StepUpPasswordForm } from '../../api/contract/security';
import { formErrors } from '../../api/contract/validation';
import type { PasskeyRefusal } from '../form/ceremonyRefusal';
import type { FieldErrors, FormPlaces } from '../form/refusal';
import type { StepUpContext, StepUpField } from './stepUp.types';

/** spec 8: a wrong password stands under the password, a wrong or drifted code under the code. */
export const STEP_UP_PLACES: FormPlaces<StepUpField> = {
  fields: ['password', 'otpCode'],
  placed: {
    unknown_credential_error: 'password',
    unknown_auth_otp_code_error: 'otpCode',
    auth_otp_clock_drift_error: 'otpCode',
    auth_otp_code_is_required_error: 'otpCode',
  },
};

const formOf = (context: StepUpContext) =>
  context.method === 'password'
    ? { schema: StepUpPasswordForm, value: { password: context.password } }
    : { schema: StepUpCodeForm, value: { otpCode: context.otpCode } };

/** spec 5: the proof the method asks for is typed in full. */
export const isProofValid = (context: StepUpContext): boolean => {
  const { schema, value } = formOf(context);
  return v.is(schema, value);
};

/** spec 5: the first validation code of the field the method shows. */
export const validationErrors = (context: StepUpContext): FieldErrors<StepUpField> => {
  const { schema, value } = formOf(context);
  const [first] = formErrors(schema, value);
  return first ? { [context.method]: first.code } : {};
};

/** The call's input: only the proof the method gives. */
export const proofOf = (context: StepUpContext): StepUpInput =>
  context.method === 'password' ? { password: context.password } : { otpCode: cleanCode(context.otpCode) };

/** The proof did not convince: a wrong password or code, or a code from a clock that drifted. */
export const isWrongProof = (failure: ApiFailure): boolean =>
  failure.code === 'unknown_credential_error' ||
  failure.code === 'unknown_auth_otp_code_error' ||
  failure.code === 'auth_otp_clock_drift_error';

/**
 * The profile the page read was older than the account: two-factor was turned on since (the server asks for a
 * code), or turned off (it asks for the password: a field error on `pwd`, shown as `password`).
 */
export const asksForCode = (context: StepUpContext, failure: ApiFailure): boolean =>
  context.method === 'password' && failure.code === 'auth_otp_code_is_required_error';
export const asksForPassword = (context: StepUpContext, failure: ApiFailure): boolean =>
  context.method === 'otpCode' && failure.fieldErrors.some((error) => error.field === 'password');

/** The browser's dialog was closed or ran out of time: nothing was refused, the user may try again. */
export const isPasskeyCancelled = (refusal: PasskeyRefusal): boolean =>
  refusal === 'cancelled' || refusal === 'timedOut';

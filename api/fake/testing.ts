/** Helpers for the fake's own tests: what a failed call turned into, after the whole chain. */
import { expect } from 'vitest';
import { type ApiFailure, failureOf } from '../contract';
import { ApiError } from '../errors';

/** The ApiFailure a call rejected with; fails the test when the call succeeded or threw something else. */
export const failureOfCall = async (call: Promise<unknown>): Promise<ApiFailure> => {
  const outcome = await call.then(
    () => 'resolved' as const,
    (error: unknown) => error,
  );
  expect(outcome, 'the call should have failed with an ApiError').toBeInstanceOf(ApiError);
  return failureOf({ error: outcome });
};

/** The catalogue code a call rejected with (handler -> wire -> api/errors.ts -> code). */
export const codeOfCall = async (call: Promise<unknown>): Promise<ApiFailure['code']> =>
  (await failureOfCall(call)).code;

/**
 * Answers of the fake service, in the wire shapes of the contract (spec 8 error bodies, api/contract/errorShapes).
 * A resolver may `throw fail(...)` anywhere (inside a check helper too): the handler wrapper turns the thrown
 * FakeReply into its response, so checks read as one line each.
 */
import { HttpResponse } from 'msw';
import * as v from 'valibot';
import {
  type CodeErrorWire,
  type ErrorCode,
  type FieldValidationErrorWire,
  FORBIDDEN_NOT_FOUND_MESSAGE,
  FORBIDDEN_USER_IS_VERIFIED,
  type ForbiddenErrorWire,
  type MessageCodeErrorWire,
  OK_ANSWER,
  toFieldValidationErrorWire,
} from '../contract';

/** A response thrown to end a resolver early. */
export class FakeReply {
  constructor(readonly response: Response) {}
}

export const json = (body: unknown, status = 200): Response => HttpResponse.json(body as never, { status });

export const ok = (): Response => json(OK_ANSWER);

type ErrorBody = CodeErrorWire | MessageCodeErrorWire | ForbiddenErrorWire | FieldValidationErrorWire;
/** Typed so that every error the fake sends is one of the shapes api/errors.ts reads. */
const errorReply = (status: number, body: ErrorBody) => new FakeReply(json(body, status));

/** `{code}` (with the two-factor payload or details when given). */
export const failWithCode = (
  status: number,
  code: ErrorCode | string,
  extra: Omit<CodeErrorWire, 'code'> = {},
) => errorReply(status, { code, ...extra });

/** `{messageCode}`: the server aliases of spec 8 (credentials_unknown, otp_unknown, ...). */
export const failWithMessageCode = (status: number, messageCode: string) =>
  errorReply(status, { messageCode, message: messageCode });

/** spec 8: Forbidden 'user-is-verified' / 'User is verified'. */
export const failUserIsVerified = (details?: { email: string }) =>
  errorReply(403, {
    ...FORBIDDEN_USER_IS_VERIFIED,
    ...(details ? { code: 'user_is_already_confirmed_error', details } : {}),
  });

/** spec 8: Forbidden with message 'not found' (set new password: invalid token). */
export const failForbiddenNotFound = () => errorReply(403, { message: FORBIDDEN_NOT_FOUND_MESSAGE });

/** A FieldValidationError with one issue, for checks beyond the wire schema. */
export const failField = (path: string, code: string) =>
  errorReply(400, { name: 'FieldValidationError', errors: [{ code, message: code, path }] });

/** No session: GET /api/me answers this and the client treats any failure as "not logged in". */
export const failUnauthorised = () => errorReply(401, { message: 'Unauthorized' });

/** A body the catalogue does not know: unknown_server_error on the client. */
export const failServer = () => new FakeReply(json({ message: 'Internal Server Error (fake)' }, 500));

export const failNotFound = () => errorReply(404, { code: 'not_found', message: 'Not Found' });

/**
 * Validates a request part against its wire schema; on failure answers the spec 8 FieldValidationError body built
 * by the contract (paths and codes only: the input, passwords included, is never echoed). `rewrite` may turn a
 * validation issue into a catalogue code (a malformed subdomain -> channel_subdomain_is_malformed_error).
 */
export const parse = <S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  rewrite?: (issue: FieldValidationErrorWire['errors'][number]) => string | undefined,
): v.InferOutput<S> => {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  const body = toFieldValidationErrorWire(result.issues);
  const errors = body.errors.map((issue) => {
    const code = rewrite?.(issue);
    return code ? { ...issue, code, message: code } : issue;
  });
  throw errorReply(400, { ...body, errors });
};

/**
 * JSON calls take JSON only (docs/security.md: Input): a request that carries a body must say
 * `Content-Type: application/json` (a charset, if any, utf-8: RFC 8259 JSON is UTF-8). Anything else is answered
 * 415 in the spec 8 FieldValidationError shape before a handler reads it, so a form post or text/plain body (what a
 * cross-site form can send without a preflight) is never parsed as JSON. The upload call, which takes multipart or
 * raw bytes, is left to its own checks.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { VALIDATION_CODES } from '../../api/contract/common';
import { FIELD_VALIDATION_ERROR } from '../../api/contract/errorShapes';
import { ApiProblem } from './problem';

const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;[ \t]*charset[ \t]*=[ \t]*("?)utf-8\2[ \t]*)?$/i;

export const isJsonMediaType = (contentType: string | undefined): boolean =>
  contentType !== undefined && JSON_MEDIA_TYPE.test(contentType.trim());

/**
 * Whether the request carries a body: by its Content-Length or Transfer-Encoding (HTTP/1.1: neither means none);
 * a request made in-process (tests' app.request) has no socket and says so by its body.
 */
const carriesBody = (c: Context): boolean => {
  const length = c.req.header('content-length');
  if (length !== undefined) return length.trim() !== '0';
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming ? false : c.req.raw.body !== null;
};

export const unsupportedMediaType = (): ApiProblem =>
  new ApiProblem(415, {
    name: FIELD_VALIDATION_ERROR,
    errors: [{ code: VALIDATION_CODES.type, message: VALIDATION_CODES.type, path: '' }],
  });

/** Middleware: 415 for a body that is not declared JSON, except on the paths `exempt` names. */
export const requireJsonBodies =
  (exempt: (path: string) => boolean): MiddlewareHandler =>
  async (c, next) => {
    if (!exempt(c.req.path) && carriesBody(c) && !isJsonMediaType(c.req.header('content-type')))
      throw unsupportedMediaType();
    await next();
  };

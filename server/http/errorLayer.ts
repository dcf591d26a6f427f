/**
 * The only way an error leaves the server: the spec 8 shapes. ApiProblem carries its own body; framework errors
 * (body too large, malformed input) become a FieldValidationError; anything else is logged with an incident id
 * and answered 500 {code: 'unknown_server_error'} without internals (503 when the database connection was lost).
 */
import { randomUUID } from 'node:crypto';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { VALIDATION_CODES } from '../../api/contract/common';
import { FIELD_VALIDATION_ERROR } from '../../api/contract/errorShapes';
import { isConnectionLost } from '../db/connectionLost';
import { errorForLog, maskForLog } from '../logMask';
import { serverLog } from '../ops/logger';
import { ApiProblem } from './problem';

export const API_PREFIX = '/api/';
/** A path of the API: under API_PREFIX, or its bare root. */
export const isApiPath = (requestPath: string): boolean =>
  requestPath === '/api' || requestPath.startsWith(API_PREFIX);

const unknownServerError = (c: Context) => c.json({ code: 'unknown_server_error' }, 500);
/** Seconds a caller should wait after the database was away (docs/decisions/operations.md: Database outages). */
const RETRY_AFTER_OUTAGE_S = 5;

export const onError: ErrorHandler = (error, c) => {
  if (error instanceof ApiProblem) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(error.body, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = error.status === 413 ? VALIDATION_CODES.max : VALIDATION_CODES.type;
    return c.json(
      { name: FIELD_VALIDATION_ERROR, errors: [{ code, message: code, path: '' }] },
      error.status as ContentfulStatusCode,
    );
  }
  const incident = randomUUID();
  // The path only (no query: tokens, e-mails), and the error masked (server/logMask.ts).
  serverLog().error(
    {
      event: 'incident',
      incident,
      method: c.req.method,
      path: maskForLog(c.req.path),
      error: errorForLog(error),
    },
    `incident ${incident} on ${c.req.method} ${maskForLog(c.req.path)}`,
  );
  // The database away (a restart, an outage) is not a defect of this call: 503, come back soon, same body.
  if (isConnectionLost(error)) {
    c.header('Retry-After', String(RETRY_AFTER_OUTAGE_S));
    return c.json({ code: 'unknown_server_error' }, 503);
  }
  return unknownServerError(c);
};

/** Unknown API paths answer JSON in the catalogue's shape; other paths (main.ts serves the site) plain 404. */
export const notFound: NotFoundHandler = (c) => {
  if (c.req.path.startsWith(API_PREFIX))
    return c.json({ code: 'unknown_server_error', message: 'not found' }, 404);
  return c.text('Not found', 404);
};

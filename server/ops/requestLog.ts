/**
 * One log line and the request metrics per request (docs/decisions.md: Operating logs): a request id (the caller's
 * X-Request-Id only behind a trusted proxy, TRUST_PROXY, else made here; sent back as X-Request-Id), method, route
 * pattern (never the raw path: it may hold ids or tokens), status and duration. Recorded here at the answer, counted
 * and written in batches (server/ops/requestLines.ts). The health probes and the scrapes are logged only at debug
 * level.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { serverLog } from './logger';
import { recordAnswer, routePatternOf } from './requestLines';
import { hasSecurityEvents, recordSecurityEvents } from './securityEvents';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What a trusted X-Request-Id may look like: short, printable, no spaces (it goes into every log line). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The paths a probe or a scraper calls all day. */
const QUIET = new Set(['/health/live', '/health/ready', '/metrics']);

export const requestIdOf = (header: string | undefined, trusted: boolean): string =>
  trusted && header && REQUEST_ID.test(header) ? header : randomUUID();

/** What the answer gets and the log records, once it is given (a `finally` of next(): an error answer too). */
const answered = (c: Context, id: string, started: number): Promise<void> | undefined => {
  // Headers may be set before next() and the answer replaced after: the id goes on the final answer too.
  if (c.res.headers.get(REQUEST_ID_HEADER) !== id) c.header(REQUEST_ID_HEADER, id);
  const { method } = c.req;
  const status = c.res.status;
  const route = routePatternOf(matchedRoutes(c), status);
  recordAnswer({
    at: Date.now(),
    requestId: id,
    method,
    route,
    status,
    seconds: (performance.now() - started) / 1000,
    quiet: QUIET.has(c.req.path),
  });
  // The few calls that have events (never a GET): their lines now, with the request id (a child logger).
  if (method !== 'GET' && hasSecurityEvents(method, route))
    return recordSecurityEvents(c, route, serverLog().child({ requestId: id }));
};

/**
 * The layer itself: a plain function returning next()'s promise, not an async one, as it runs on every request
 * (docs/benchmarks.md: Request log and metrics).
 */
export const requestLog =
  (options: { trustProxy: boolean }): MiddlewareHandler =>
  (c, next) => {
    const started = performance.now();
    // The caller's header is read only when it may be taken.
    const id = options.trustProxy ? requestIdOf(c.req.header(REQUEST_ID_HEADER), true) : randomUUID();
    c.header(REQUEST_ID_HEADER, id);
    return next().finally(() => answered(c, id, started));
  };

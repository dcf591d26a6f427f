/**
 * One log line and the request metrics per request (docs/decisions/operations.md: Operating logs): a request id (the caller's
 * X-Request-Id only behind a trusted proxy, TRUST_PROXY, else made here; sent back as X-Request-Id), method, route
 * pattern (never the raw path: it may hold ids or tokens), status and duration. Recorded here at the answer, counted
 * and written in batches (server/ops/requestLines.ts); the first layer of every request calls these two
 * (server/http/firstLayer.ts). The health probes and the scrapes are logged only at debug level.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { ensureHeader } from '../http/answerHeaders';
import { serverLog } from './logger';
import { recordAnswer, routePatternOf } from './requestLines';
import { hasSecurityEvents, recordSecurityEvents } from './securityEvents';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What a trusted X-Request-Id may look like: short, printable, no spaces (it goes into every log line). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The paths a probe or a scraper calls all day. */
const QUIET = new Set(['/health/live', '/health/ready', '/metrics']);

/**
 * Ids made here: this process's own random prefix, then its count of requests. As unique across processes and
 * restarts as a random id per request, and far cheaper (docs/benchmarks.md: Request log and metrics). Not a secret:
 * the caller is told it, and nothing is granted by it.
 */
const PROCESS_PREFIX = randomBytes(6).toString('hex');
let madeIds = 0;
const madeId = (): string => {
  madeIds += 1;
  return `${PROCESS_PREFIX}-${madeIds.toString(36)}`;
};

/** A trusted proxy's X-Request-Id where it looks like an id, else one made here. */
const proxiedIdOr = (header: string | undefined): string =>
  header && REQUEST_ID.test(header) ? header : madeId();

/** As the request comes in: its id, on the answer from the start (an error answer too). */
export const requestStarted = (c: Context, trustProxy: boolean): string => {
  // The caller's header is read only when it may be taken.
  const id = trustProxy ? proxiedIdOr(c.req.header(REQUEST_ID_HEADER)) : madeId();
  c.header(REQUEST_ID_HEADER, id);
  return id;
};

/** Once it is answered (an error answer too): the id on the final answer, and its record. */
export const requestAnswered = (c: Context, id: string, started: number): Promise<void> | undefined => {
  // Headers may be set before next() and the answer replaced after: the id goes on the final answer too.
  ensureHeader(c, REQUEST_ID_HEADER, id);
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

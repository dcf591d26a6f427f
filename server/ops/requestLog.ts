/**
 * One log line and the request metrics per request (docs/decisions.md: Operating logs): a request id (the caller's
 * X-Request-Id only behind a trusted proxy, TRUST_PROXY, else made here; sent back as X-Request-Id), method, route
 * pattern (never the raw path: it may hold ids or tokens), status and duration. The health probes are logged only
 * at debug level: a load balancer asking every few seconds would drown the rest.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { ensureHeaders } from '../http/answerHeaders';
import { requestLinesOf, serverLog } from './logger';
import { httpDuration, httpRequests } from './metrics';
import { hasSecurityEvents, recordSecurityEvents } from './securityEvents';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What a trusted X-Request-Id may look like: short, printable, no spaces (it goes into every log line). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The paths a probe or a scraper calls all day. */
const QUIET = new Set(['/health/live', '/health/ready', '/metrics']);

export const requestIdOf = (header: string | undefined, trusted: boolean): string =>
  trusted && header && REQUEST_ID.test(header) ? header : randomUUID();

const isWildcard = (routePattern: string) => routePattern === '*' || routePattern === '/*';

/**
 * The pattern of the route that answered; unmatched requests (404) are one series, not one per path. Hono lists
 * every route a path matches, in the order they were added, and the site's own catch-all handlers (server/site.ts)
 * come after the API's routes, so the last match is not the answer's route: the answer's route is the last
 * handler (not middleware) with a pattern of its own. Pages and files of the site are one series, '(site)'.
 */
const routeOf = (c: Parameters<MiddlewareHandler>[0]): string => {
  if (c.res.status === 404) return '(unmatched)';
  const own = matchedRoutes(c).filter((route) => route.method !== 'ALL' && !isWildcard(route.path));
  // Answered by no route of its own: a page or a file of the site (server/site.ts), one series.
  return own.at(-1)?.path ?? '(site)';
};

export const requestLog = (options: { trustProxy: boolean }): MiddlewareHandler => {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header(REQUEST_ID_HEADER), options.trustProxy);
    c.header(REQUEST_ID_HEADER, id);
    try {
      await next();
    } finally {
      // Headers may be set before next() and the answer replaced after: the id goes on the final answer too.
      ensureHeaders(c, { [REQUEST_ID_HEADER]: id });
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(c);
      const labels = { method: c.req.method, route, status: String(c.res.status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
      const log = serverLog();
      const lines = requestLinesOf(log);
      const line = { requestId: id, ...labels, status: c.res.status, ms: Math.round(seconds * 10_000) / 10 };
      if (QUIET.has(c.req.path)) lines.debug(line, 'request');
      else lines.info(line, 'request');
      // A child logger (the request id on every event line) only for the few calls that have events.
      if (hasSecurityEvents(c.req.method, route))
        await recordSecurityEvents(c, route, log.child({ requestId: id }));
    }
  };
};

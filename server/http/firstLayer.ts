/**
 * The first layer every request passes (server/app.ts): the headers every answer of the API carries
 * (answerHeaders.ts), and the request's record: its id, log line and metrics (server/ops/requestLog.ts). One
 * layer for both, since each of Hono's middleware layers costs a request an async hop of its own, about as much as
 * the record itself (docs/benchmarks.md: Request log and metrics). A plain function returning next()'s promise, not
 * an async one.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { requestAnswered, requestStarted } from '../ops/requestLog';
import { ensureHeaders, prepareHeaders } from './answerHeaders';
import { isApiPath } from './errorLayer';

export interface FirstLayerOptions {
  /** Headers every API answer ends with, whatever built it. */
  apiHeaders: Readonly<Record<string, string>>;
  /** Whether a caller's X-Request-Id may be taken (behind a trusted proxy only). */
  trustProxy: boolean;
  /**
   * Requests are recorded while this answers true; always without it. A benchmark switches the record off and on in
   * one server to measure what it costs (server/main.ts REQUEST_LAYER, scripts/benchOpsCost.ts).
   */
  recording?: () => boolean;
  /**
   * API paths whose answers say how long they may be kept (an organisation's logo, server/routes/organisations.ts):
   * they get the API's headers but Cache-Control.
   */
  ownCaching?: (path: string) => boolean;
}

/** What every answer gets once it is given: the API's headers where it is one, and the request's record. */
const answeredAs = (
  c: Context,
  apiHeaders: Readonly<Record<string, string>> | false,
  id: string,
  started: number,
): Promise<void> | undefined => {
  if (apiHeaders) ensureHeaders(c, apiHeaders);
  return requestAnswered(c, id, started);
};

export const firstLayer = ({
  apiHeaders: allHeaders,
  trustProxy,
  recording,
  ownCaching,
}: FirstLayerOptions): MiddlewareHandler => {
  const { 'Cache-Control': _cache, ...uncachedHeaders } = allHeaders;
  return (c, next) => {
    const api = isApiPath(c.req.path);
    const apiHeaders = ownCaching?.(c.req.path) ? uncachedHeaders : allHeaders;
    if (api) prepareHeaders(c, apiHeaders);
    if (recording && !recording()) return api ? next().then(() => ensureHeaders(c, apiHeaders)) : next();
    const started = performance.now();
    const id = requestStarted(c, trustProxy);
    // Hono's layers answer an error themselves (onError), so next() rejects only when that fails too: still recorded.
    // The callbacks stay unnamed: the server runs under tsx, which names every named function it creates, per request.
    return next().then(
      () => answeredAs(c, api && apiHeaders, id, started),
      (error: unknown) => {
        answeredAs(c, api && apiHeaders, id, started)?.catch(() => undefined);
        throw error;
      },
    );
  };
};

/**
 * Each answered request, recorded at its answer and written in batches (docs/decisions/operations.md: Operating logs): its log
 * line and its request metrics cost a session read a few microseconds this way, where a line written and two
 * prom-client series updated inside every request cost it about 40 % (docs/benchmarks.md). A batch is written
 * FLUSH_AFTER_MS after its first request, or at MAX_PENDING requests, before every scrape of /metrics, before the log
 * is replaced, and when the process exits (the graceful stop ends in process.exit, and so does a crash); a process
 * killed outright loses at most that much of its request lines. The lines are the log's own shape (pino's JSON:
 * level, time of the answer, pid, then the fields), written a few kilobytes of whole lines at a time (WRITE_MAX).
 */
import type { RouterRoute } from 'hono/types';
import { symbols as pinoSymbols } from 'pino';
import { flushBeforeReplace, serverLog } from './logger';
import { countRequest } from './requestMetrics';

export const FLUSH_AFTER_MS = 25;
export const MAX_PENDING = 256;
/**
 * The most a write holds, in whole lines: what Linux writes to a pipe in one piece (PIPE_BUF). With WORKERS, the
 * processes share one stdout, and a longer write to a pipe could be cut by another process's lines.
 */
export const WRITE_MAX = 4096;

export interface Answered {
  /** When it was answered (Date.now()). */
  at: number;
  requestId: string;
  method: string;
  /** The pattern of the route that answered (routePatternOf). */
  route: string;
  status: number;
  seconds: number;
  /** A probe or a scrape: logged only at debug level (a load balancer asking every few seconds would drown the rest). */
  quiet: boolean;
}

const isWildcard = (routePattern: string) => routePattern === '*' || routePattern === '/*';

/**
 * The pattern of the route that answered, never the raw path (it may hold ids or tokens); unmatched requests (404)
 * are one series, not one per path. Hono lists every route a path matches, in the order they were added, and the
 * site's own catch-all handlers (server/site.ts) come after the API's routes, so the last match is not the answer's
 * route: the answer's route is the last handler (not middleware) with a pattern of its own. Pages and files of the
 * site are one series, '(site)'.
 */
export const routePatternOf = (matched: readonly RouterRoute[], status: number): string => {
  if (status === 404) return '(unmatched)';
  for (let index = matched.length - 1; index >= 0; index -= 1) {
    const route = matched[index] as RouterRoute;
    if (route.method !== 'ALL' && !isWildcard(route.path)) return route.path;
  }
  return '(site)';
};

const PID = process.pid;
const INFO = 30;
const DEBUG = 20;

/**
 * The line's time as the log's other lines have it (ISO), its second formatted once: Date's toISOString costs a line
 * more than the rest of it.
 */
let isoSecond = Number.NaN;
let isoUpToMs = '';
const isoTimeOf = (at: number): string => {
  const ms = at % 1000;
  const second = at - ms;
  if (second !== isoSecond) {
    isoSecond = second;
    isoUpToMs = new Date(second).toISOString().slice(0, 20);
  }
  return `${isoUpToMs}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
};

/** Methods and route patterns as JSON strings: a few of each, quoted once. */
const quotedOnce = new Map<string, string>();
const quoted = (text: string): string => {
  let json = quotedOnce.get(text);
  if (json === undefined) {
    json = JSON.stringify(text);
    quotedOnce.set(text, json);
  }
  return json;
};

// The request id needs no quoting: made of hex digits and a dash here, or checked against a pattern of plain
// characters (server/ops/requestLog.ts).
const lineOf = (answer: Answered): string =>
  `{"level":${answer.quiet ? DEBUG : INFO},"time":"${isoTimeOf(answer.at)}","pid":${PID},` +
  `"requestId":"${answer.requestId}","method":${quoted(answer.method)},"route":${quoted(answer.route)},` +
  `"status":${answer.status},"ms":${Math.round(answer.seconds * 10_000) / 10},"msg":"request"}\n`;

let pending: Answered[] = [];
let timer: NodeJS.Timeout | undefined;

/** Counts and logs every request recorded so far: its metrics, and its line where the log's level takes it. */
export const flushRequestLines = (): void => {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (pending.length === 0) return;
  const batch = pending;
  pending = [];
  const log = serverLog();
  const levels = { quiet: log.isLevelEnabled('debug'), loud: log.isLevelEnabled('info') };
  // The log's own destination (stdout, or pino-pretty's thread in development), as its other lines.
  const stream = (log as unknown as Record<symbol, { write(text: string): unknown }>)[pinoSymbols.streamSym];
  let text = '';
  for (const answer of batch) {
    countRequest(answer.method, answer.route, answer.status, answer.seconds);
    if (!(answer.quiet ? levels.quiet : levels.loud)) continue;
    const line = lineOf(answer);
    if (text.length + line.length > WRITE_MAX) {
      stream?.write(text);
      text = '';
    }
    text += line;
  }
  if (text) stream?.write(text);
};

/**
 * One answered request: counted and logged with the next batch. Held as a few strings and numbers only: what waits
 * for the batch outlives the young generation's collections, and the less it holds the less is copied.
 */
export const recordAnswer = (answer: Answered): void => {
  pending.push(answer);
  if (pending.length >= MAX_PENDING) flushRequestLines();
  else timer ??= setTimeout(flushRequestLines, FLUSH_AFTER_MS).unref();
};

flushBeforeReplace(flushRequestLines);
process.on('exit', flushRequestLines);

/**
 * The server's log (docs/decisions/operations.md: Operating logs): one JSON object a line (pino), to stdout, for a log pipeline;
 * pretty, coloured lines in development (pino-pretty, a dev dependency, loaded only when asked for). LOG_LEVEL sets
 * the level (info by default; debug adds the health probes' request lines). Every field that may hold a person's
 * data goes through server/logMask.ts before it gets here; the redact list below is the second net.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/** Fields never written, whatever a caller passes (pino replaces their value). */
const REDACTED = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'code',
  'otp',
  'cookie',
  'email',
  '*.password',
  '*.token',
  '*.code',
  '*.otp',
  '*.cookie',
  '*.email',
  'headers.cookie',
  'headers.authorization',
];

export interface LoggerOptions {
  level?: string;
  /** Pretty lines (development): pino-pretty in a worker thread. */
  pretty?: boolean;
  /** Where lines go (tests); stdout by default. */
  destination?: DestinationStream;
}

export const createLogger = ({ level = 'info', pretty = false, destination }: LoggerOptions = {}): Logger => {
  const options = {
    level,
    base: { pid: process.pid },
    redact: { paths: REDACTED, censor: '(left out)' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (destination) return pino(options, destination);
  if (pretty) return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true } } });
  // Written at once, as Node writes to a pipe or a file on stdout: pino's default hands every write to libuv's
  // threads and back, which cost a session read more than building its line (docs/benchmarks.md: Request log and
  // metrics). A log reader that stops reading then holds the server up instead of its memory filling.
  return pino(options, pino.destination({ fd: 1, sync: true }));
};

/** The log of this process, set up from the environment (NODE_ENV, LOG_LEVEL, LOG_PRETTY). */
const fromEnvironment = (env: NodeJS.ProcessEnv = process.env): Logger =>
  createLogger({
    level: env.LOG_LEVEL || (env.VITEST ? 'silent' : 'info'),
    // Pretty unless production or asked not to; never in tests (their output stays readable plain).
    pretty: env.NODE_ENV !== 'production' && env.LOG_PRETTY !== '0' && !env.VITEST,
  });

let current: Logger | undefined;

/** Runs before the log is replaced: what is held for the old log is written to it first (server/ops/requestLines.ts). */
let beforeReplace = (): void => {};
export const flushBeforeReplace = (flush: () => void): void => {
  beforeReplace = flush;
};

/** The process's log, made at first use. */
export const serverLog = (): Logger => {
  current ??= fromEnvironment();
  return current;
};

/** Tests: lines go to a logger of their own until the returned function puts the old one back. */
export const replaceLogger = (logger: Logger): (() => void) => {
  beforeReplace();
  const previous = current;
  current = logger;
  return () => {
    beforeReplace();
    current = previous;
  };
};

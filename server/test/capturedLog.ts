/**
 * Tests: the server's log captured as parsed lines. The request lines are written in batches
 * (server/ops/requestLines.ts), so reading the lines writes the pending batch first; a batch is one write of
 * several lines, so each write is split into its lines.
 */
import { createLogger, replaceLogger } from '../ops/logger';
import { flushRequestLines } from '../ops/requestLines';

export interface CapturedLog {
  /** Every line so far, the pending request lines included. */
  lines(): Record<string, unknown>[];
  /** Puts the log before back. */
  restore(): void;
}

export const captureLog = (level = 'info'): CapturedLog => {
  const captured: Record<string, unknown>[] = [];
  const write = (text: string) => {
    for (const line of text.split('\n')) if (line) captured.push(JSON.parse(line));
  };
  const restore = replaceLogger(createLogger({ level, destination: { write } }));
  return {
    lines: () => {
      flushRequestLines();
      return captured;
    },
    restore,
  };
};

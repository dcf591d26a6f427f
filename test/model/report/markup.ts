/** Escaping and the small pieces the report's HTML page and JUnit XML share. */
import type { Outcome } from './runReport';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** XML 1.0 refuses most control characters; a stack trace with ANSI colours has them (ESC [ … m). */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const allowedInXml = (char: string) => char === '\t' || char === '\n' || char === '\r' || char >= ' ';
export const xml = (text: string) =>
  escapeHtml([...text.replace(ANSI_COLOUR, '')].filter(allowedInXml).join(''));

export const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Failures first, so a tester sees them without scrolling. */
export const byOutcome = <T extends { outcome: Outcome }>(items: readonly T[]): T[] => {
  const order: Record<Outcome, number> = { failed: 0, passed: 1, skipped: 2 };
  return [...items].sort((a, b) => order[a.outcome] - order[b.outcome]);
};

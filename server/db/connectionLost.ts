/**
 * Errors that say the connection to the database is gone, not that the query was wrong (docs/decisions/operations.md: Database
 * outages): Postgres shutting down or not yet up (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now), the connection exception class 08, and the socket's own failures as postgres.js and Node
 * report them. Drizzle wraps the driver's error as its `cause`, so the chain is walked.
 */
const LOST_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

export const isConnectionLost = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    const code = codeOf(current);
    if (typeof code === 'string' && (LOST_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
};

/**
 * SIGTERM and SIGINT (server/main.ts): stop taking connections, let the calls in flight finish (at most
 * STOP_GRACE_MS: a stuck call does not hold the stop for ever), then `done` (close the database, exit 0). Idle
 * kept-alive connections are closed at once, so clients open their next one on a process that is still serving
 * (with WORKERS, the other workers; behind a balancer, the other instances).
 */
import type { Server } from 'node:http';

export const STOP_GRACE_MS = 10_000;

export const stopGracefully = (
  server: Server,
  done: () => Promise<void>,
  graceMs = STOP_GRACE_MS,
): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      void done().finally(resolve);
    });
    server.closeIdleConnections();
  });
